import { codes, code as currencyRecord } from "currency-codes";
import { isCurrencyCode } from "#shared/money.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { stopIndexForNight } from "#shared/trip-stop-days.ts";

export type MoneyTrip = Pick<
  Trip,
  | "id"
  | "startDate"
  | "endDate"
  | "stops"
  | "place"
  | "itinerary"
  | "version"
  | "settlementCurrency"
> &
  // The whole trip's planned spending and the party (issue 47), when the server sends them.
  Partial<Pick<Trip, "spending" | "party">>;

const currencyOf = (place: TripPlace | null | undefined) => place?.currency ?? null;

/** The currency paid where the trip is on `date` (that night's stop), else the destination's, else USD. */
export function currencyOn(trip: MoneyTrip, date: string): string {
  const stop = trip.stops[stopIndexForNight(trip.stops, date)];
  return currencyOf(stop?.place) ?? currencyOf(trip.place) ?? "USD";
}

/** The trip's own currencies (stops in order, then the destination's), then USD: the likely ones first. */
export function tripCurrencies(trip: MoneyTrip): string[] {
  const found = [...trip.stops.map((s) => currencyOf(s.place)), currencyOf(trip.place), "USD"];
  return [...new Set(found.filter((c): c is string => c !== null && isCurrencyCode(c)))];
}

/** Every ISO 4217 currency that is money, as "EUR · Euro", the trip's own first. */
export function currencyOptions(trip: MoneyTrip): { value: string; label: string }[] {
  const own = tripCurrencies(trip);
  const rest = codes()
    .filter((c) => isCurrencyCode(c) && !own.includes(c))
    .sort();
  return [...own, ...rest].map((value) => ({
    value,
    label: `${value} · ${currencyRecord(value)?.currency ?? value}`,
  }));
}

/** Today on this device as YYYY-MM-DD (the traveller's own calendar day, not UTC's). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new expense's date: today while the trip is on, else its first day. */
export const defaultExpenseDate = (trip: MoneyTrip, today = localToday()) =>
  today >= trip.startDate && today <= trip.endDate ? today : trip.startDate;
