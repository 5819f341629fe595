import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "#server/app.ts";
import type { AppDeps } from "#server/app-deps.ts";
import type { Database } from "#server/db/database.ts";
import { createDeps } from "#server/deps.ts";
import type { LiveBus } from "#server/live/live-bus.ts";
import { completeEnv, parseEnv, type EnvInput } from "#server/env.ts";
import { createLogger } from "#server/lib/logger.ts";
import { createTestDatabase } from "./test-database.ts";

export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

type Settings = Partial<Record<keyof EnvInput, string>>;

/** Nothing listens on port 9 (discard): requests there fail at once, without leaving the machine. */
export const CLOSED_PORT_URL = "http://127.0.0.1:9";

/**
 * The app's requests through app.request(), which has no socket, as if from `peer`: the bindings
 * @hono/node-server gives each request (its IncomingMessage, of which the app reads only the socket's
 * address). Tests behind a proxy use it to stand for a proxy on this machine.
 */
export function fromSocketPeer<A extends { request: ReturnType<typeof createApp>["request"] }>(
  app: A,
  peer: string,
): A {
  const request = app.request;
  app.request = (input, init, bindings, executionContext) =>
    request(
      input,
      init,
      bindings ?? { incoming: { socket: { remoteAddress: peer } } },
      executionContext,
    );
  return app;
}

/**
 * The real app on a fresh database, wired from settings exactly as in production.
 * `overrides` replaces services (e.g. a clock-controlled storage) without touching our modules;
 * `logTo` receives the pino log lines (JSON, one per line) instead of stdout.
 */
export async function createTestApp(
  settings: Settings = {},
  overrides: Partial<AppDeps> = {},
  options: {
    database?: Database;
    logTo?: NodeJS.WritableStream;
    /**
     * The socket peer app.request() stands for. With TRUST_PROXY the default is loopback, a proxy
     * on this machine (TRUSTED_PROXIES' default), so X-Forwarded-For counts as it would behind one;
     * otherwise there is none.
     */
    socketPeer?: string;
    /** The channel between instances: one memory bus given to two apps makes two instances. */
    liveBus?: LiveBus;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-app-"));
  const env = completeEnv(
    parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      AUTH_SECRET: TEST_SECRET,
      APP_ORIGIN: TEST_ORIGIN,
      DATA_DIR: dataDir,
      // Tests never reach the internet: a closed loopback port (the discard port) unless a test
      // passes its fake's URL; OpenStreetMap places off.
      OPEN_METEO_GEOCODING_URL: CLOSED_PORT_URL,
      OVERPASS_URL: "off",
      // No test asks the real exchange-rate API; money tests point it at the Frankfurter fake.
      FX_URL: "off",
      // Nor the public routers: routing tests point these at the OSRM and MOTIS fakes.
      ROUTING_URL: "off",
      TRANSIT_URL: "off",
      ...settings,
    }),
  );
  // A given database (e.g. one migrated step by step) is the caller's to close.
  const database = options.database ?? (await createTestDatabase());
  const logger = createLogger(env.LOG_LEVEL, options.logTo);
  const deps = { ...createDeps(env, database, logger, options.liveBus), ...overrides };
  const app = createApp(deps);
  const peer = options.socketPeer ?? (env.TRUST_PROXY ? "127.0.0.1" : undefined);
  if (peer !== undefined) fromSocketPeer(app, peer);
  return {
    app,
    deps,
    env,
    close: async () => {
      await deps.placements.close();
      await deps.travelLegs.close();
      await deps.live.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
