import type { AppDeps } from "../app-deps.ts";
import { hitRateLimit } from "./rate-limit.ts";

const HOUR_SECONDS = 60 * 60;

/**
 * The geocoder lookups one save may start: at most GEOCODER_LOOKUPS_PER_SAVE, and only while the user
 * is under GEOCODER_USER_RATE_LIMIT an hour (counted in the database, shared by every instance).
 * Cached answers cost nothing. A lookup refused here leaves its activity unlocated, and a later
 * save looks it up, so an edit is never refused for it.
 */
export function geocoderBudget(deps: AppDeps, userId: string): () => Promise<boolean> {
  let started = 0;
  let overHourly = false;
  return async () => {
    if (overHourly || started >= deps.env.GEOCODER_LOOKUPS_PER_SAVE) return false;
    started++;
    const hourly = await hitRateLimit(
      deps.database.db,
      `geocoder:${userId}`,
      deps.env.GEOCODER_USER_RATE_LIMIT,
      HOUR_SECONDS,
    );
    if (!hourly.allowed) overHourly = true;
    return hourly.allowed;
  };
}
