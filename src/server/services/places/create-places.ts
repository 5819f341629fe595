import type { Db } from "../../db/database.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../lib/logger.ts";
import { createOverpassClient, overpassUserAgent } from "./overpass-client.ts";
import { createOverpassPlaces } from "./overpass-places.ts";
import { DISABLED_PLACES, type PlacesService } from "./places-service.ts";

/** The places service from settings: Overpass at OVERPASS_URL, or the disabled one for "off". */
export function createPlaces(env: Env, db: Db, logger: Logger): PlacesService {
  if (env.OVERPASS_URL === "off") return DISABLED_PLACES;
  const client = createOverpassClient({
    url: env.OVERPASS_URL,
    userAgent: overpassUserAgent(env.APP_ORIGIN, env.CONTACT_EMAIL),
    timeoutMs: env.PLACES_TIMEOUT_MS,
  });
  // One budget for a whole lookup, retries included: past it, planning goes on without real places.
  return createOverpassPlaces({ db, logger, client, budgetMs: env.PLACES_TIMEOUT_MS });
}
