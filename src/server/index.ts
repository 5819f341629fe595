import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createDeps, openAppDatabase } from "./deps.ts";
import { EnvError, loadEnv } from "./env.ts";
import { startPendingFileSweeper } from "./account/account-deletion.ts";
import { startTripPurger } from "./trips/trip-deletion.ts";
import { createServerLogger } from "./lib/logger.ts";
import { developmentExposureWarning } from "./http/startup-warning.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  const logger = createServerLogger(env.LOG_LEVEL);
  const database = await openAppDatabase(env);
  const deps = createDeps(env, database, logger);
  // The public pages are prerendered a moment after start-up (server/static.ts): off the path to the
  // first answer, before the first visitor's page.
  const app = createApp(deps, { serveWeb: true, prerenderAfterMs: 1_000 });
  // Files of deleted accounts that the store refused at the time (see account/account-deletion.ts).
  const stopSweeper = startPendingFileSweeper(deps);
  // Trips deleted more than TRIP_PURGE_DAYS ago removed for good, hourly (safe on every instance).
  const stopPurger = startTripPurger(deps);
  // New plans' activities still waiting for the geocoder (this instance's, another's, or left by a
  // restart) are placed from the shared table.
  deps.placements.start();
  deps.travelLegs.start();
  // Today's exchange rates asked now (the table, else the API): the first trip page then finds them
  // in memory instead of waiting for them (services/fx/cached-fx.ts).
  void deps.fx.usdRates().catch((error: unknown) => {
    logger.warn({ err: error }, "fx: could not read rates at start");
  });

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const url = `http://localhost:${info.port}`;
    logger.info({ port: info.port, database: database.kind }, `Boundless is listening on ${url}`);
    if (process.stdout.isTTY || env.LOG_LEVEL !== "silent")
      console.log(`\n  Boundless is running at ${url}\n`);
    const warning = developmentExposureWarning(env);
    if (warning) {
      logger.warn({ host: env.HOST }, "development mode, listening beyond loopback");
      // On stderr whatever LOG_LEVEL says: the person starting the server must see it.
      console.warn(`\n  ${warning}\n`);
    }
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    stopSweeper();
    stopPurger();
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    // Open event streams never end by themselves: closed here, so server.close() can finish.
    // Lookups in flight are given back to the table for the next instance.
    const liveClosed = Promise.all([
      deps.placements.close(),
      deps.travelLegs.close(),
      deps.live.close(),
    ]);
    server.close(() => {
      // The other instances hear of these streams' ends before the database goes.
      void liveClosed
        .finally(() => database.close())
        .finally(() => {
          logger.info("stopped");
          process.exit(0);
        });
    });
    // Idle keep-alive sockets would hold close() open until they time out.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error("Boundless failed to start:", error);
  }
  process.exit(1);
});
