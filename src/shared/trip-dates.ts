import type { Day, Itinerary } from "./schemas/itinerary.ts";

// Plain functions, without zod: the trip page uses them before (and without) any schema.
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from one YYYY-MM-DD to another (UTC, so the browser's time zone never shifts a date). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Every date of the trip, first to last: the server owns them, the model only fills the activities. */
export function tripDates(startDate: string, endDate: string): string[] {
  const count = daysBetween(startDate, endDate) + 1;
  const start = Date.parse(`${startDate}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(start + i * DAY_MS).toISOString().slice(0, 10),
  );
}

/** A YYYY-MM-DD moved by a number of days (negative: earlier). */
export const shiftDate = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The days moved to new dates, the way the server stores a change of dates and the editor shows it
 * before saving: same order, empty days added at the end, or the last ones dropped.
 */
export function refitDays(
  itinerary: { days: readonly Day[] },
  dates: readonly string[],
): Itinerary {
  return {
    days: dates.map((date, i) => ({ date, activities: itinerary.days[i]?.activities ?? [] })),
  };
}
