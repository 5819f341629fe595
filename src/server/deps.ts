import path from "node:path";
import { createAuth } from "./auth.ts";
import type { AppDeps } from "./context.ts";
import { openDatabase, type Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import type { ItineraryGenerator } from "./services/ai/itinerary-generator.ts";
import { createOfflinePlanner } from "./services/ai/offline-planner.ts";
import { createOpenAiPlanner } from "./services/ai/openai-planner.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import { createOutboxMailer } from "./services/mail/outbox-mailer.ts";
import { createOpenAIChatModel } from "./services/chat-model/openai-chat-model.ts";
import { createModelClient, type ModelClient } from "./services/model/model-client.ts";
import { createSmtpMailer } from "./services/mail/smtp-mailer.ts";
import { createLocalStorage } from "./services/storage/local-storage.ts";
import { createS3Storage } from "./services/storage/s3-storage.ts";
import type { Storage } from "./services/storage/storage.ts";
import { createWeather } from "./services/weather/create-weather.ts";

export function createMailer(env: Env, logger: Logger): Mailer {
  return env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createOutboxMailer(logger, { production: env.NODE_ENV === "production" });
}

/** S3 when a bucket is configured (env.ts insists on its keys), otherwise files under DATA_DIR/uploads. */
export function createStorage(env: Env, now: () => number = Date.now): Storage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      now,
    });
  }
  return createLocalStorage({
    root: path.resolve(env.DATA_DIR, "uploads"),
    secret: env.AUTH_SECRET,
    now,
  });
}

/** The one model client, or null without a provider (env.ts guarantees all three AI_* or none). */
export function createModel(env: Env): ModelClient | null {
  return env.AI_BASE_URL && env.AI_API_KEY && env.AI_MODEL
    ? createModelClient({
        baseUrl: env.AI_BASE_URL,
        apiKey: env.AI_API_KEY,
        model: env.AI_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      })
    : null;
}

export function createItineraryGenerator(model: ModelClient | null): ItineraryGenerator {
  return model ? createOpenAiPlanner(model) : createOfflinePlanner();
}

/** Wires every service from settings: the real adapter when configured, the local default otherwise. */
export function createDeps(
  env: Env,
  database: Database,
  logger: Logger = createLogger(env.LOG_LEVEL),
): AppDeps {
  const mailer = createMailer(env, logger);
  const storage = createStorage(env);
  const auth = createAuth({ env, db: database.db, mailer, logger });
  const model = createModel(env);
  const ai = createItineraryGenerator(model);
  const weather = createWeather(env);
  const chatModel = model ? createOpenAIChatModel(model) : null;
  return { env, database, logger, mailer, storage, auth, ai, weather, chatModel };
}

export async function openAppDatabase(env: Env): Promise<Database> {
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
}
