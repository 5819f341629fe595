import type { AppDeps } from "../app-deps.ts";
import { enforceRateLimit } from "./rate-limit.ts";

const HOUR_SECONDS = 60 * 60;

export const TRIP_CREATE_LIMIT_MESSAGE = (limit: number) =>
  `You have reached the limit of ${limit.toLocaleString("en-US")} new trips per hour. Please try again later.`;

/**
 * Every new trip (generated or duplicated) counts against TRIP_CREATE_RATE_LIMIT: a copy of a large
 * trip costs the database as much as a plan, with no model to slow it down.
 */
export async function enforceTripCreateLimit(deps: AppDeps, userId: string) {
  const limit = deps.env.TRIP_CREATE_RATE_LIMIT;
  await enforceRateLimit(deps.database.db, {
    key: `trip-create:${userId}`,
    limit,
    windowSeconds: HOUR_SECONDS,
    message: TRIP_CREATE_LIMIT_MESSAGE(limit),
  });
}
