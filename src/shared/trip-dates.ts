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
