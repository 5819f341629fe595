import { currencyOfCountry } from "#shared/money.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";

/**
 * The place with its `currency` (ISO 4217, from its country): places stored before currencies (or
 * whose country is unknown) get it derived when read; a kept one is left as it is.
 */
export function withCurrency<P extends TripPlace | null>(place: P): P {
  if (!place || place.currency) return place;
  const currency = currencyOfCountry(place.country);
  return currency ? { ...place, currency } : place;
}

/** Every stop's place with its currency. */
export function stopsWithCurrency(stops: TripStop[]): TripStop[] {
  return stops.map((stop) =>
    stop.place && !stop.place.currency ? { ...stop, place: withCurrency(stop.place) } : stop,
  );
}

/** The currencies of the trip's places, destination first, each once. */
export function tripCurrencies(place: TripPlace | null, stops: TripStop[]): string[] {
  const codes = [place, ...stops.map((stop) => stop.place)]
    .map((p) => withCurrency(p)?.currency)
    .filter((code): code is string => Boolean(code));
  return [...new Set(codes)];
}
