import type { Activity, Day, TripPlace } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { activityStopIndex, dayStopIndexes } from "#shared/trip-stop-days.ts";
import { formatWholeCurrency } from "#web/lib/trip/format-currency.ts";

/** Where a cost is paid: its currency and today's rate from US dollars (1 USD = `rate`). */
export type LocalCurrency = { currency: string; rate: number };

/** The local currency of an activity (its stop's), or of a day (its first stop's) without one. */
export type LocalCosts = (
  activity: Pick<Activity, "stopIndex"> | null,
  day: Day,
) => LocalCurrency | null;

const currencyOf = (place: TripPlace | null | undefined) => place?.currency ?? null;

/**
 * Costs are planned in USD; where a stop pays in another currency they read "$25 · ≈ €23". Null
 * (USD only) when the trip has no rates (the rates service is off or failed), the place's currency
 * is USD or unknown, or that currency has no rate.
 */
export function localCostsOf(trip: Pick<Trip, "stops" | "place" | "rates">): LocalCosts {
  const rates = trip.rates?.USD;
  return (activity, day) => {
    if (!rates) return null;
    const index = activity ? activityStopIndex(activity, day) : (dayStopIndexes(day)[0] ?? 0);
    const currency = currencyOf(trip.stops[index]?.place) ?? currencyOf(trip.place);
    if (!currency || currency === "USD") return null;
    const rate = rates[currency];
    return rate && rate > 0 ? { currency, rate } : null;
  };
}

/** "≈ €23" for a USD amount, or null when the cost is in USD only. */
export const approxLocal = (usd: number, local: LocalCurrency | null) =>
  local && usd > 0 ? `≈ ${formatWholeCurrency(usd * local.rate, local.currency)}` : null;
