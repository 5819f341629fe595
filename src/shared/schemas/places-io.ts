import { z } from "zod";
import { OSM_ID_PATTERN } from "../constants.ts";
import { isoDateSchema } from "./itinerary.ts";
import { safeText } from "./safe-input.ts";

/*
 * Saved places in and out (issue 50): Google Takeout, KML/KMZ, GPX, GeoJSON and CSV read into a
 * preview (nothing saved), applied to a trip; the trip written as GPX, KML, GeoJSON and CSV.
 */

/** All the files of one import together. */
export const PLACES_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** What a KMZ or a Takeout zip may unpack to, and how many entries it may hold. */
export const PLACES_ZIP_MAX_EXPANDED_BYTES = 50 * 1024 * 1024;
export const PLACES_ZIP_MAX_ENTRIES = 1000;
/** Places in one import, all files together. */
export const PLACES_IMPORT_MAX_PLACES = 2000;
export const PLACES_IMPORT_MAX_FILES = 10;
/** Same place: within this distance with the same name. */
export const DUPLICATE_DISTANCE_METERS = 50;

export const PLACE_MATCHES = ["coordinates", "name", "address", "none"] as const;
export type PlaceMatch = (typeof PLACE_MATCHES)[number];

export const EXPORT_FORMATS = ["gpx", "kml", "geojson", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const PLACES_IO_MESSAGES = {
  noFile: "Choose a file of saved places.",
  tooManyFiles: `Send at most ${PLACES_IMPORT_MAX_FILES} files at once.`,
  tooLarge: "Files of saved places can be at most 10 MB in all.",
  overLimit: (name: string) => `${name}: the files are larger than 10 MB in all.`,
  unknownFormat: (name: string) =>
    `${name}: not a format we read. Send Google Takeout (Saved Places.json or a saved list's CSV), KML, KMZ, GPX, GeoJSON or CSV.`,
  damagedZip: (name: string) => `${name}: the zip file is damaged and could not be opened.`,
  expandsTooFar: (name: string) =>
    `${name}: the zip unpacks to more than 50 MB or holds more than 1,000 entries, so it was not read.`,
  doctype: (name: string) =>
    `${name}: XML with a DOCTYPE or entities is not read (it can hide other files or expand without end).`,
  damagedXml: (name: string) => `${name}: the XML could not be read; the file looks damaged.`,
  damagedJson: (name: string) => `${name}: the JSON could not be read; the file looks damaged.`,
  csvNoTitle: (name: string) =>
    `${name}: the CSV needs a header row naming a title (or name) column and either latitude and longitude or an address.`,
  noPlaces: (name: string) => `${name}: no places were found in this file.`,
  tooManyPlaces: (name: string) =>
    `${name}: more than ${PLACES_IMPORT_MAX_PLACES.toLocaleString("en-US")} places in this import; split it into smaller files.`,
  timedOut: (name: string) => `${name}: reading this file took too long, so it was stopped.`,
  dayFull: "The days from this one to the end of the trip cannot hold that many more activities.",
  dayNotInTrip: "Pick a day of the trip.",
  noDays: "Add the places to a day of the trip.",
} as const;

const optionalText = (label: string, max: number) =>
  safeText(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .default(null)
    .transform((value) => (value === "" ? null : value));

/** One place of the preview, and what `apply` takes back (edited or not). */
export const importedPlaceSchema = z.object({
  title: safeText("Title", { error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be at most 200 characters"),
  note: optionalText("Note", 1000),
  url: z
    .url({ protocol: /^https?$/, error: "Link must be an http or https address" })
    .max(500)
    .nullable()
    .default(null),
  lat: z.number().min(-90).max(90).nullable().default(null),
  lng: z.number().min(-180).max(180).nullable().default(null),
  osmId: z.string().regex(OSM_ID_PATTERN).nullable().default(null),
  /** How the position was had: from the file, by the name or the address near the trip, or not. */
  matched: z.enum(PLACE_MATCHES).default("none"),
  /** The address the file gave (My Maps, CSV, Takeout), shown as the activity's location. */
  address: optionalText("Address", 200),
  /** The folder (My Maps), list (Takeout CSV file) or route the place came from. */
  group: optionalText("Group", 200),
  /** The id of the trip's activity this place is (same OSM place, link, or name within 50 m). */
  duplicateOf: z.string().nullable().optional(),
});
export type ImportedPlaceInput = z.input<typeof importedPlaceSchema>;
export type ImportedPlace = z.output<typeof importedPlaceSchema>;

export type SkippedLine = { file: string; line: number; reason: string };

/** `POST /api/trips/:id/import-places` (and Home's `POST /api/import-places`): nothing saved. */
export type PlacesPreview = { places: ImportedPlace[]; skipped: SkippedLine[] };

/** `POST /api/trips/:id/import-places/apply`: the places go on `date` (and the days after it when full). */
export const applyPlacesRequestSchema = z.object({
  date: isoDateSchema,
  places: z
    .array(importedPlaceSchema)
    .min(1, "Pick at least one place.")
    .max(
      PLACES_IMPORT_MAX_PLACES,
      `At most ${PLACES_IMPORT_MAX_PLACES.toLocaleString("en-US")} places at once.`,
    ),
});
export type ApplyPlacesRequest = z.input<typeof applyPlacesRequestSchema>;

export type ApplyPlacesResult = {
  /** New activities added. */
  added: number;
  /** Places that were already on the trip: only their missing position, place or link was filled. */
  merged: number;
};
