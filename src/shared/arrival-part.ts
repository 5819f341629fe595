import type { RouteContext } from "./route-checks.ts";
import { MINUTES_PER_DAY, transferOn } from "./transfer-day.ts";

/** Arriving from this time on, what is left of the day is its evening. */
const EVENING_MINUTES = 17 * 60;
/** Arriving later than this, there is nothing left of the day to plan. */
const LAST_PLANNABLE_MINUTES = 22 * 60;

/** The rest of a transfer day after its booked journey arrives: "afternoon" in "Lyon". */
export type ArrivalPart = { city: string; part: "afternoon" | "evening" };

/**
 * A transfer day whose booked journey (a saved transport) arrives that day, early enough to plan
 * something after it: the arrival city's name and the part of the day left. Null otherwise (no
 * booked journey, a day in one city, or an arrival late at night or the next day).
 */
export function arrivalPartOn(date: string, route: RouteContext | undefined): ArrivalPart | null {
  if (!route) return null;
  const transfer = transferOn(date, route.stops, route.transport ?? []);
  if (!transfer?.transport) return null;
  if (transfer.arrival >= Math.min(LAST_PLANNABLE_MINUTES, MINUTES_PER_DAY)) return null;
  const stop = route.stops[transfer.to];
  const city = (stop?.place?.name ?? stop?.destination ?? "").split(",")[0]?.trim();
  if (!city) return null;
  return { city, part: transfer.arrival < EVENING_MINUTES ? "afternoon" : "evening" };
}

/** "Plan the afternoon in Lyon". */
export const arrivalLabel = ({ city, part }: ArrivalPart) => `Plan the ${part} in ${city}`;
