import { BOOKING_TEXT_MAX_LENGTH, type ProposedActivity } from "#shared/schemas/bookings.ts";
import type { Price } from "#shared/schemas/planned-entries.ts";
import type { TransportMode } from "#shared/schemas/trip-stops.ts";

/**
 * A time as a booking wrote it: the wall-clock part, and the offset or zone when it gave one
 * (`2027-01-01T17:04:00+01:00` → local 2027-01-01T17:04, offset 60). `dateOnly` for "2027-01-01".
 */
export type BookingTime = {
  local: string;
  offsetMinutes: number | null;
  zone: string | null;
  dateOnly: boolean;
};

/** A journey as read, before its zones are settled against the trip's stops. */
export type JourneyDraft = {
  mode: TransportMode;
  from: string;
  to: string;
  depart: BookingTime;
  arrive: BookingTime;
  carrier: string | null;
  number: string | null;
  reference: string | null;
  notes: string | null;
  /** The reservation's price for everyone on it (schema.org `totalPrice`), when it says. */
  totalPrice?: Price;
};

export type StayDraft = {
  name: string;
  address: string | null;
  checkIn: string;
  checkOut: string;
  reference: string | null;
  /** The reservation's price for the whole stay (schema.org `totalPrice`), when it says. */
  totalPrice?: Price;
};

export type ActivityDraft = {
  start: BookingTime;
  /** When the booking says when it ends (a calendar entry's DTEND, an event's endDate). */
  end?: BookingTime | null;
  activity: string;
  location: string | null;
  reference: string | null;
  kind: ProposedActivity["kind"];
};

/** What one reader found in one file (or part of one). */
export type Reading = { journeys: JourneyDraft[]; stays: StayDraft[]; activities: ActivityDraft[] };

export const emptyReading = (): Reading => ({ journeys: [], stays: [], activities: [] });

export const isEmptyReading = (reading: Reading) =>
  reading.journeys.length + reading.stays.length + reading.activities.length === 0;

export function mergeReadings(readings: Reading[]): Reading {
  return {
    journeys: readings.flatMap((r) => r.journeys),
    stays: readings.flatMap((r) => r.stays),
    activities: readings.flatMap((r) => r.activities),
  };
}

/** Booking text is untrusted: one line, no control characters, bounded. */
export function cleanText(value: unknown, max = 200): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .replace(/[\ud800-\udfff]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") return null;
  return text.length > max ? text.slice(0, max).trimEnd() : text;
}

/**
 * Text a model reads from an import, cut to BOOKING_TEXT_MAX_LENGTH characters (a booking is near
 * the top of what it is in; a 5 MB file is never sent whole), never between a surrogate pair.
 */
export function modelText(text: string): string {
  if (text.length <= BOOKING_TEXT_MAX_LENGTH) return text;
  const cut = text.slice(0, BOOKING_TEXT_MAX_LENGTH);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
