import { stringify } from "csv-stringify/sync";
import { neutralise } from "../money/expenses-csv.ts";
import type { ExportTrip } from "./export-trip.ts";

export const TRIP_CSV_HEADER = [
  "date",
  "time",
  "title",
  "place",
  "address",
  "lat",
  "lng",
  "cost",
  "currency",
  "notes",
] as const;

const BOM = "\uFEFF";

const placePart = (location: string) => location.split(",")[0]?.trim() ?? location;
const addressPart = (location: string) => {
  const at = location.indexOf(",");
  return at < 0 ? null : location.slice(at + 1).trim() || null;
};

/**
 * One row per activity: UTF-8 with a byte order mark (spreadsheets then read accents right), text
 * cells a spreadsheet would run as a formula neutralised, numbers written as numbers. Costs are in
 * US dollars, as the plan keeps them. The plan keeps one place text per activity: a location
 * written "Name, street, town" is split into place and address, anything else is the place.
 */
export function tripCsv(trip: ExportTrip): string {
  const text = (value: string | null) => (value === null ? "" : neutralise(value));
  const rows = trip.itinerary.days.flatMap((day) =>
    day.activities.map((a) => [
      day.date,
      a.time,
      text(a.activity),
      text(placePart(a.location)),
      text(addressPart(a.location)),
      a.lat,
      a.lng,
      a.cost,
      a.cost === null ? "" : "USD",
      text(a.description || null),
    ]),
  );
  return (
    BOM +
    stringify([[...TRIP_CSV_HEADER], ...rows], {
      record_delimiter: "windows",
      cast: { number: (value) => String(value) },
    })
  );
}
