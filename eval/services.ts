import path from "node:path";
import { createItineraryGenerator, createModel, openAppDatabase } from "#server/deps.ts";
import { openDatabase } from "#server/db/client.ts";
import type { Database } from "#server/db/database.ts";
import type { Env } from "#server/env.ts";
import type { Logger } from "#server/lib/logger.ts";
import { createGeo } from "#server/services/geo/create-geo.ts";
import { NO_GEO } from "#server/services/geo/geo-service.ts";
import { createPlaces } from "#server/services/places/create-places.ts";
import { createRouting } from "#server/routing/create-routing.ts";
import type { PlanningServices } from "#server/planner/planning-types.ts";

export type EvalServices = PlanningServices;

/** Which model and services a run used: saved with the results so two runs can be compared. */
export type ProviderInfo = {
  /** "online" (an OpenAI-compatible model) or "offline" (the template planner). */
  mode: "online" | "offline";
  /** AI_MODEL, or "offline-planner". */
  model: string;
  /** AI_BASE_URL without credentials, query or fragment; null offline. */
  baseUrl: string | null;
  /** Whether `--fake` pointed the model and the geocoder at the loopback fakes. */
  fake: boolean;
  /** The destination geocoder's origin, or null when places are off (`--no-geo`). */
  destinationGeocoder: string | null;
  /** The activity geocoder's origin (GEOCODER_URL), or null when activities are not looked up. */
  activityGeocoder: string | null;
  /** The Overpass API's origin (OVERPASS_URL) for real places, or null when they are off. */
  places: string | null;
};

export type EvalSetup = {
  services: EvalServices;
  provider: ProviderInfo;
  close: () => Promise<void>;
};

const originOf = (url: string | undefined) => (url ? new URL(url).origin : null);

function publicUrl(url: string | undefined): string | null {
  if (!url) return null;
  const u = new URL(url);
  u.username = "";
  u.password = "";
  u.search = "";
  u.hash = "";
  return u.toString();
}

/**
 * The planning services from settings, wired like `createDeps` does for the server (the same
 * factories), without the HTTP app. The geocoders' cache needs a database: PostgreSQL when
 * DATABASE_URL is set (shared with the server), otherwise a PGlite of its own under DATA_DIR/eval, so
 * a running dev server's database is never opened twice and the cache survives between runs.
 */
export async function createEvalServices(
  env: Env,
  options: { logger: Logger; geo: boolean; fake?: boolean },
): Promise<EvalSetup> {
  const model = createModel(env);
  const ai = createItineraryGenerator(model);
  let database: Database | null = null;
  if (options.geo) {
    database = env.DATABASE_URL
      ? await openAppDatabase(env)
      : await openDatabase({ dataDir: path.resolve(env.DATA_DIR, "eval") });
  }
  const geo = database ? createGeo(env, database.db, options.logger) : NO_GEO;
  // Real places for the keyless planner share the geocoders' database cache (OVERPASS_URL=off: none).
  const places = database ? createPlaces(env, database.db, options.logger) : undefined;
  // The routers with their database pace and cache (ROUTING_URL and TRANSIT_URL, `off` for none).
  const routing = database
    ? createRouting({
        db: database.db,
        logger: options.logger,
        routingUrl: env.ROUTING_URL,
        transitUrl: env.TRANSIT_URL,
        timeoutMs: env.ROUTING_TIMEOUT_MS,
        pace: env.ROUTING_PACE,
        appOrigin: env.APP_ORIGIN,
        contactEmail: env.CONTACT_EMAIL,
      })
    : undefined;
  return {
    services: {
      ai,
      geo,
      logger: options.logger,
      ...(places ? { places } : {}),
      ...(routing ? { routing } : {}),
    },
    provider: {
      mode: ai.mode,
      model: model ? (env.AI_MODEL ?? "unknown") : "offline-planner",
      baseUrl: model ? publicUrl(env.AI_BASE_URL) : null,
      fake: options.fake ?? false,
      destinationGeocoder: database ? originOf(env.OPEN_METEO_GEOCODING_URL) : null,
      activityGeocoder: database ? originOf(env.GEOCODER_URL) : null,
      places: places?.enabled ? originOf(env.OVERPASS_URL) : null,
    },
    close: async () => {
      await database?.close();
    },
  };
}
