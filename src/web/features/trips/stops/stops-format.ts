import type { Day } from "#shared/schemas/itinerary.ts";
import type { Stay, Transport, TransportMode, TripStop } from "#shared/schemas/trip-stops.ts";
import { dayStopIndexes, stopNights, STOP_SEPARATOR } from "#shared/trip-stop-days.ts";
import { formatDuration } from "#shared/format.ts";
import { daysBetween } from "#shared/trip-dates.ts";
import { formatUsd, formatWeekday } from "#web/lib/format.ts";
import { formatWholeCurrency } from "#web/lib/trip/format-currency.ts";

export const MODE_LABELS: Record<TransportMode, string> = {
  flight: "Flight",
  train: "Train",
  bus: "Bus",
  car: "Car",
  ferry: "Ferry",
  other: "Other",
};

const nights = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;

/** "Paris · 2 nights → Lyon · 2 nights" */
export const formatRoute = (stops: readonly TripStop[]) =>
  stops.map((stop) => `${stop.destination} · ${nights(stopNights(stop))}`).join(STOP_SEPARATOR);

/** A transfer day's stops ("Paris → Lyon"), or null on a day in one city. */
export function transferTitle(day: Pick<Day, "stops">, stops: readonly TripStop[]): string | null {
  const indexes = dayStopIndexes(day);
  if (indexes.length < 2) return null;
  const names = indexes.map((i) => stops[i]?.destination);
  return names.every(Boolean) ? names.join(STOP_SEPARATOR) : null;
}

/** "Mon, Dec 28 at 10:04" (no zone conversion: the ticket's own local time). */
const localTime = (at: string) => `${formatWeekday(at.slice(0, 10))} at ${at.slice(11, 16)}`;
/**
 * "Paris" from "Europe/Paris": the zone as a traveller reads it. A fixed offset (what a booking
 * without a known place gets) reads "UTC+1": the Etc names count the other way, so "GMT-1" would
 * tell the traveller the wrong hour.
 */
export function zoneCity(zone: string): string {
  const fixed = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  if (fixed) return `UTC${fixed[1] === "-" ? "+" : "-"}${fixed[2]}`;
  if (/^(Etc\/)?(UTC|GMT|Zulu|UCT)$/.test(zone)) return "UTC";
  return (zone.split("/").at(-1) ?? zone).replaceAll("_", " ");
}

/** "Departs Mon, Dec 28 at 10:04 (Paris time)" */
export const formatDeparture = (t: Pick<Transport, "departAt" | "departZone">) =>
  `Departs ${localTime(t.departAt)} (${zoneCity(t.departZone)} time)`;
export const formatArrival = (t: Pick<Transport, "arriveAt" | "arriveZone">) =>
  `Arrives ${localTime(t.arriveAt)} (${zoneCity(t.arriveZone)} time)`;

/** "Train · SNCF TGV 6601", the carrier and number when known. */
export const formatJourneyTitle = (
  t: Pick<Transport, "mode" | "from" | "to" | "carrier" | "number">,
) =>
  [
    `${MODE_LABELS[t.mode]} from ${t.from} to ${t.to}`,
    [t.carrier, t.number].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(" · ");

/** The journeys that leave or arrive on `date` (local dates: a ticket's own day). */
export const journeysOn = <T extends Pick<Transport, "departAt" | "arriveAt">>(
  transport: readonly T[],
  date: string,
) => transport.filter((t) => t.departAt.slice(0, 10) === date || t.arriveAt.slice(0, 10) === date);

/** "Check-in Mon, Dec 28 · check-out Wed, Dec 30" */
export const formatStayDates = (stay: Pick<Stay, "checkIn" | "checkOut">) =>
  `Check-in ${formatWeekday(stay.checkIn)} · check-out ${formatWeekday(stay.checkOut)}`;

/** A booking's or a plan's price: "$1,240" in dollars, "€782" in another currency (whole units). */
export const formatPrice = (price: { amount: number; currency: string }) =>
  price.currency === "USD"
    ? formatUsd(price.amount)
    : formatWholeCurrency(price.amount, price.currency);

const travellersText = (n: number) => `${n} ${n === 1 ? "traveller" : "travellers"}`;

/** "3 h 10 min · $1,240 for 4 travellers": a planned journey's length and the party's price. */
export function formatJourneyCost(
  t: Pick<Transport, "durationMinutes" | "totalPrice">,
  travellers?: number,
): string | null {
  const parts = [
    t.durationMinutes ? formatDuration(t.durationMinutes) : null,
    t.totalPrice
      ? `${formatPrice(t.totalPrice)}${travellers ? ` for ${travellersText(travellers)}` : ""}`
      : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

export const STAY_KIND_LABELS: Record<NonNullable<Stay["kind"]>, string> = {
  hotel: "Hotel",
  hostel: "Hostel",
  "entire-home": "Entire home",
  "private-room": "Private room",
  "shared-room": "Shared room",
};

/** A stay's nights: its own count when the planner gave one, else from check-in to check-out. */
export const stayNights = (stay: Pick<Stay, "nights" | "checkIn" | "checkOut">) =>
  stay.nights ?? Math.max(0, daysBetween(stay.checkIn, stay.checkOut));

/** "$180 a night · $540 total", from what the stay has (a night's price, a total, or both). */
export function formatStayPrice(
  stay: Pick<Stay, "pricePerNight" | "totalPrice" | "nights" | "checkIn" | "checkOut">,
): string | null {
  const nightsCount = stayNights(stay);
  const total =
    stay.totalPrice ??
    (stay.pricePerNight !== undefined
      ? { amount: stay.pricePerNight * nightsCount, currency: "USD" }
      : null);
  const parts = [
    stay.pricePerNight !== undefined ? `${formatUsd(stay.pricePerNight)} a night` : null,
    total ? `${formatPrice(total)} total` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** "3 nights · 2 rooms" */
export function formatStayRooms(stay: Pick<Stay, "nights" | "rooms" | "checkIn" | "checkOut">) {
  const n = stayNights(stay);
  return [nights(n), stay.rooms ? `${stay.rooms} ${stay.rooms === 1 ? "room" : "rooms"}` : null]
    .filter(Boolean)
    .join(" · ");
}
