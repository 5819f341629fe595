import path from "node:path";
import { createAuth } from "./auth.ts";
import type { AppDeps } from "./context.ts";
import { openDatabase, type Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import { createOutboxMailer } from "./services/mail/outbox-mailer.ts";
import { createOpenAIChatModel } from "./services/chat-model/openai-chat-model.ts";
import { createSmtpMailer } from "./services/mail/smtp-mailer.ts";
import { createWeather } from "./services/weather/create-weather.ts";

export function createMailer(env: Env, logger: Logger): Mailer {
  return env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createOutboxMailer(logger);
}

/** Wires every service from settings: the real adapter when configured, the local default otherwise. */
export function createDeps(
  env: Env,
  database: Database,
  logger: Logger = createLogger(env.LOG_LEVEL),
): AppDeps {
  const mailer = createMailer(env, logger);
  const auth = createAuth({ env, db: database.db, mailer, logger });
  const weather = createWeather(env);
  const chatModel =
    env.AI_BASE_URL && env.AI_API_KEY && env.AI_MODEL
      ? createOpenAIChatModel({
          baseUrl: env.AI_BASE_URL,
          apiKey: env.AI_API_KEY,
          model: env.AI_MODEL,
          timeoutMs: env.AI_TIMEOUT_MS,
        })
      : null;
  return { env, database, logger, mailer, auth, weather, chatModel };
}

export async function openAppDatabase(env: Env): Promise<Database> {
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
}
