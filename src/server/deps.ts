import path from "node:path";
import { createLazyAuth } from "./lazy-auth.ts";
import type { AppDeps } from "./context.ts";
import { openDatabase, type Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import type { ItineraryGenerator } from "./services/ai/itinerary-generator.ts";
import { createOfflinePlanner } from "./services/ai/offline-planner.ts";
import type { ChatModel } from "./services/chat-model/chat-model.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import { createOutboxMailer } from "./services/mail/outbox-mailer.ts";
import { createLocalStorage } from "./services/storage/local-storage.ts";
import type { Storage } from "./services/storage/storage.ts";
import { createWeather } from "./services/weather/create-weather.ts";

// The real adapters' SDKs (nodemailer, the S3 SDK, openai) are imported with their first use, not
// at start-up: each is 10–40 MB resident and a second of start-up, and the embedded defaults need none.

/** A promise made once, on the first call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export function createMailer(env: Env, logger: Logger): Mailer {
  const url = env.SMTP_URL;
  if (!url) return createOutboxMailer(logger, { production: env.NODE_ENV === "production" });
  const smtp = once(async () =>
    (await import("./services/mail/smtp-mailer.ts")).createSmtpMailer({ url, from: env.MAIL_FROM }),
  );
  return { kind: "smtp", send: async (message) => (await smtp()).send(message) };
}

/** S3 when a bucket is configured (env.ts insists on its keys), otherwise files under DATA_DIR/uploads. */
export function createStorage(env: Env, now: () => number = Date.now): Storage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    const options = {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      now,
    };
    const s3 = once(async () =>
      (await import("./services/storage/s3-storage.ts")).createS3Storage(options),
    );
    // S3 checks its own presigned links; nothing of ours is ever served for it.
    return {
      driver: "s3",
      put: async (key, body, putOptions) => (await s3()).put(key, body, putOptions),
      delete: async (keys) => (await s3()).delete(keys),
      list: async (prefix) => (await s3()).list(prefix),
      signedUrl: async (key, ttlSeconds) => (await s3()).signedUrl(key, ttlSeconds),
      read: async (key) => (await s3()).read(key),
      verifySignedUrl: () => false,
    };
  }
  return createLocalStorage({
    root: path.resolve(env.DATA_DIR, "uploads"),
    secret: env.AUTH_SECRET,
    now,
  });
}

function modelSettings(env: Env) {
  // env.ts guarantees all three AI_* settings or none.
  return env.AI_BASE_URL && env.AI_API_KEY && env.AI_MODEL
    ? {
        baseUrl: env.AI_BASE_URL,
        apiKey: env.AI_API_KEY,
        model: env.AI_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      }
    : null;
}

export function createItineraryGenerator(env: Env): ItineraryGenerator {
  const settings = modelSettings(env);
  if (!settings) return createOfflinePlanner();
  const planner = once(async () =>
    (await import("./services/ai/openai-planner.ts")).createOpenAiPlanner(settings),
  );
  return {
    mode: "online",
    generate: async (request, options) => (await planner()).generate(request, options),
  };
}

export function createChatModel(env: Env): ChatModel | null {
  const settings = modelSettings(env);
  if (!settings) return null;
  const model = once(async () =>
    (await import("./services/chat-model/openai-chat-model.ts")).createOpenAIChatModel(settings),
  );
  return {
    async *stream(messages, options) {
      yield* (await model()).stream(messages, options);
    },
  };
}

/** Wires every service from settings: the real adapter when configured, the local default otherwise. */
export function createDeps(
  env: Env,
  database: Database,
  logger: Logger = createLogger(env.LOG_LEVEL),
): AppDeps {
  const mailer = createMailer(env, logger);
  const storage = createStorage(env);
  const auth = createLazyAuth({ env, db: database.db, mailer, logger });
  const ai = createItineraryGenerator(env);
  const weather = createWeather(env);
  const chatModel = createChatModel(env);
  return { env, database, logger, mailer, storage, auth, ai, weather, chatModel };
}

export async function openAppDatabase(env: Env): Promise<Database> {
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
}
