import { MESSAGES } from "#shared/messages.ts";
import type { ExportFormat } from "#shared/schemas/places-io.ts";
import type { Db } from "../db/database.ts";
import { notFound } from "../lib/http-errors.ts";
import { findTripFor } from "../trips/trip-access.ts";
import { findPublicTrip } from "../trips/public-trip.ts";
import { tripCsv } from "./export-csv.ts";
import { tripGeoJson } from "./export-geojson.ts";
import { tripGpx } from "./export-gpx.ts";
import { tripKml } from "./export-kml.ts";
import { exportFileName, publicExport, type ExportTrip } from "./export-trip.ts";

/** A trip written out for another map app: the text, its media type and the file's name. */
export type ExportFile = { body: string; contentType: string; fileName: string };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  gpx: "application/gpx+xml; charset=utf-8",
  kml: "application/vnd.google-earth.kml+xml; charset=utf-8",
  geojson: "application/geo+json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

function exportBody(trip: ExportTrip, format: ExportFormat): string {
  switch (format) {
    case "gpx":
      return tripGpx(trip);
    case "kml":
      return tripKml(trip);
    case "geojson":
      return JSON.stringify(tripGeoJson(trip), null, 1);
    case "csv":
      return tripCsv(trip);
  }
}

const fileOf = (trip: ExportTrip, format: ExportFormat): ExportFile => ({
  body: exportBody(trip, format),
  contentType: CONTENT_TYPES[format],
  fileName: exportFileName(trip, format),
});

/** `GET /api/trips/:id/export.<format>`: any member, the whole trip. */
export async function memberExport(
  db: Db,
  userId: string,
  tripId: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const { row } = await findTripFor(db, userId, tripId, "view");
  return fileOf(row, format);
}

/** `GET /api/shared/:shareToken/export.<format>`: a public trip without booking references and costs. */
export async function publicTripExport(
  db: Db,
  shareToken: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const row = await findPublicTrip(db, shareToken);
  if (!row) throw notFound(MESSAGES.tripNotFound);
  const open = publicExport({
    ...row,
    stays: row.stays.map((stay) => ({ ...stay, reference: null })),
    transport: row.transport.map((journey) => ({ ...journey, reference: null })),
  });
  return fileOf(open, format);
}
