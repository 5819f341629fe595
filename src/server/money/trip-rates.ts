import type { TripRates } from "#shared/schemas/trip-rates.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import type { CachedFx } from "../services/fx/cached-fx.ts";
import { tripCurrencies } from "#shared/place-currency.ts";

/**
 * `rates` of GET /api/trips/:id: the newest USD rates of the trip's currencies, or null. From the
 * instance's memory (CachedFx.latestNow): the page's hot read neither queries nor waits for them.
 */
export async function tripRates(
  fx: CachedFx,
  place: TripPlace | null,
  stops: TripStop[],
): Promise<TripRates> {
  if (!fx.enabled) return null;
  const day = await fx.latestNow();
  if (!day) return null;
  const USD: Record<string, number> = {};
  for (const code of tripCurrencies(place, stops)) {
    const rate = day.rates[code];
    if (code !== "USD" && rate !== undefined) USD[code] = rate;
  }
  return { date: day.date, USD };
}
