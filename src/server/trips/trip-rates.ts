import type { TripRates } from "#shared/schemas/expenses.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import type { CachedFx } from "../services/fx/cached-fx.ts";
import { tripCurrencies } from "./place-currency.ts";

/**
 * The trip page waits this long at most for a first request of the day: with no network (or a
 * slow API) it shows costs in USD only and the request goes on, kept for the next view.
 */
export const TRIP_RATES_WAIT_MS = 2_000;

/** `rates` of GET /api/trips/:id: today's USD rates of the trip's currencies, or null. */
export async function tripRates(
  fx: CachedFx,
  place: TripPlace | null,
  stops: TripStop[],
): Promise<TripRates> {
  if (!fx.enabled) return null;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), TRIP_RATES_WAIT_MS);
  });
  const asked = fx.usdRates().catch(() => null);
  const day = await Promise.race([asked, waited]).finally(() => clearTimeout(timer));
  if (!day) return null;
  const USD: Record<string, number> = {};
  for (const code of tripCurrencies(place, stops)) {
    const rate = day.rates[code];
    if (code !== "USD" && rate !== undefined) USD[code] = rate;
  }
  return { date: day.date, USD };
}
