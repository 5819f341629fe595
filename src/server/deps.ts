import path from "node:path";
import { sql } from "drizzle-orm";
import { createLazyAuth } from "./auth/lazy-auth.ts";
import type { AppDeps } from "./app-deps.ts";
import { openDatabase } from "./db/client.ts";
import type { Database } from "./db/database.ts";
import type { Env } from "./env.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import type { ItineraryGenerator } from "./planner/itinerary-generator.ts";
import { createKeylessPlanner } from "./planner/keyless-planner.ts";
import { createOpenAiPlanner } from "./planner/openai-planner.ts";
import type { Mailer } from "./services/mail/mailer.ts";
import { createOutboxMailer } from "./services/mail/outbox-mailer.ts";
import { createPlaces } from "./services/places/create-places.ts";
import { createOpenAIChatModel } from "./chat/openai-chat-model.ts";
import { createOpenAiBookingModel } from "./bookings/booking-model.ts";
import { createOpenAiSentenceModel } from "./planner/sentence/sentence-model.ts";
import { createGeo } from "./services/geo/create-geo.ts";
import { createModelClient, type ModelClient } from "./services/llm/model-client.ts";
import { createLocalStorage } from "./services/storage/local-storage.ts";
import type { Storage } from "./services/storage/storage.ts";
import { createLiveHub } from "./live/live-hub.ts";
import { createPlacementWorker } from "./trips/activity-placements.ts";
import { createTravelLegWorker } from "./trips/travel-leg-queue.ts";
import { createMemoryBus, type LiveBus } from "./live/live-bus.ts";
import { createPostgresBus } from "./live/postgres-bus.ts";
import { createFx } from "./services/fx/create-fx.ts";
import { createRouting } from "./routing/create-routing.ts";
import { createWeather } from "./services/weather/create-weather.ts";

// The real adapters' SDKs (nodemailer, the S3 SDK) are imported with their first use, not
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
  return model ? createOpenAiPlanner(model) : createKeylessPlanner();
}

/** PostgreSQL's LISTEN/NOTIFY between instances; in the process for PGlite (one process only). */
export function createLiveBus(database: Database, logger: Logger): LiveBus {
  if (database.kind !== "postgres" || !database.url) return createMemoryBus();
  return createPostgresBus(
    database.url,
    async (channel, payload) => {
      await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    logger,
  );
}

/**
 * Wires every service from settings: the real adapter when configured, the local default otherwise.
 * `bus`: the channel between instances, when several in one process share one (tests).
 */
export function createDeps(
  env: Env,
  database: Database,
  logger: Logger = createLogger(env.LOG_LEVEL),
  bus: LiveBus = createLiveBus(database, logger),
): AppDeps {
  const mailer = createMailer(env, logger);
  const storage = createStorage(env);
  const live = createLiveHub({ db: database.db, bus, logger });
  // A session ended (signed out, revoked, password changed, account deleted): its open streams
  // close on every instance.
  const onSessionsEnded = (userId: string) => {
    live.publishSessionsEnded(userId).catch((error: unknown) => {
      logger.warn({ err: error }, "could not publish the end of a session");
    });
  };
  const auth = createLazyAuth({ env, db: database.db, mailer, logger, onSessionsEnded });
  const model = createModel(env);
  const ai = createItineraryGenerator(model);
  const weather = createWeather(env);
  const chatModel = model ? createOpenAIChatModel(model) : null;
  const bookingModel = model ? createOpenAiBookingModel(model) : null;
  const sentenceModel = model ? createOpenAiSentenceModel(model) : null;
  const geo = createGeo(env, database.db, logger);
  const places = createPlaces(env, database.db, logger);
  const routing = createRouting({
    db: database.db,
    logger,
    routingUrl: env.ROUTING_URL,
    transitUrl: env.TRANSIT_URL,
    timeoutMs: env.ROUTING_TIMEOUT_MS,
    pace: env.ROUTING_PACE,
    appOrigin: env.APP_ORIGIN,
    contactEmail: env.CONTACT_EMAIL,
  });
  // Removed, left, or the trip deleted: the person's open pages of the trip get `revoked`, on every
  // instance. A failed publish is logged, never the removal's failure.
  const onAccessEnded = (tripId: string, userId: string) => {
    live.publishAccessEnded(tripId, userId).catch((error: unknown) => {
      logger.warn({ err: error, tripId }, "could not publish the end of access");
    });
  };
  return {
    env,
    database,
    logger,
    mailer,
    storage,
    auth,
    ai,
    weather,
    chatModel,
    bookingModel,
    sentenceModel,
    geo,
    places,
    onAccessEnded,
    onSessionsEnded,
    live,
    placements: createPlacementWorker({
      db: database.db,
      geo,
      logger,
      publishChange: live.publishChange,
      routing,
    }),
    travelLegs: createTravelLegWorker({
      db: database.db,
      routing,
      logger,
      publishChange: live.publishChange,
    }),
    fx: createFx(env, database.db, logger),
    routing,
  };
}

export async function openAppDatabase(env: Env): Promise<Database> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    dataDir: path.resolve(env.DATA_DIR),
  });
}
