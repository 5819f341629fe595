import { Hono, type Context, type MiddlewareHandler } from "hono";
import { MESSAGES } from "#shared/messages.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import {
  applyPlacesRequestSchema,
  EXPORT_FORMATS,
  PLACES_IMPORT_MAX_FILES,
  PLACES_IO_MESSAGES,
  type ExportFormat,
  type PlacesPreview,
} from "#shared/schemas/places-io.ts";
import type { AppBindings } from "../http/context.ts";
import { pathIds } from "../http/path-ids.ts";
import { geocoderBudget } from "../http/geocoder-budget.ts";
import { guardImport } from "../http/import-guard.ts";
import { requireUser } from "../http/session.ts";
import { validate } from "../http/validate.ts";
import type { TripRow } from "../db/schema.ts";
import { AppError, notFound } from "../lib/http-errors.ts";
import { applyPlaces } from "../places-io/apply-places.ts";
import { exportFileName, publicExport, type ExportTrip } from "../places-io/export-trip.ts";
import { tripCsv } from "../places-io/export-csv.ts";
import { tripGeoJson } from "../places-io/export-geojson.ts";
import { tripGpx } from "../places-io/export-gpx.ts";
import { tripKml } from "../places-io/export-kml.ts";
import { previewPlaces, type PlacesFile } from "../places-io/import-preview.ts";
import { PlacesImportError } from "../places-io/places-import-error.ts";
import { lookupsOf } from "../services/geo/geo-service.ts";
import { attachmentHeader } from "../services/calendar/trip-calendar.ts";
import { findTripFor } from "../trips/trip-access.ts";
import { findPublicTrip } from "../trips/public-trip.ts";
import { toTripDto } from "../trips/trip-dto.ts";

/** 401 before anything else. */
const signedIn: MiddlewareHandler<AppBindings> = async (c, next) => {
  await requireUser(c);
  await next();
};

/** The multipart `file` parts, in memory only (app.ts bounds the body). */
async function filesOf(c: Context<AppBindings>): Promise<PlacesFile[]> {
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? ""))
    throw new AppError(422, "invalid_input", PLACES_IO_MESSAGES.noFile);
  const body = await c.req.parseBody({ all: true });
  const files: PlacesFile[] = [];
  for (const value of [body.file ?? []].flat()) {
    if (typeof value === "string") continue;
    files.push({
      name: value.name.slice(0, 200) || "file",
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  if (files.length === 0) throw new AppError(422, "invalid_input", PLACES_IO_MESSAGES.noFile);
  if (files.length > PLACES_IMPORT_MAX_FILES)
    throw new AppError(422, "invalid_input", PLACES_IO_MESSAGES.tooManyFiles);
  return files;
}

/** A refused file: 422, the message naming it, the file in `issues`. */
const refusal = (c: Context<AppBindings>, error: PlacesImportError) =>
  c.json(
    {
      error: {
        code: "invalid_input",
        message: error.message,
        issues: [{ path: error.file, message: error.message }],
      },
    },
    422,
  );

async function preview(
  c: Context<AppBindings>,
  trip: Pick<TripRow, "stops" | "place" | "itinerary"> | null,
): Promise<Response> {
  const { deps } = c.var;
  const user = await requireUser(c);
  const files = await filesOf(c);
  const near: TripPlace[] = trip
    ? trip.stops.flatMap((stop) => (stop.place ? [stop.place] : []))
    : [];
  if (trip?.place && near.length === 0) near.push(trip.place);
  try {
    const body = await previewPlaces(
      files,
      trip && { near, activities: trip.itinerary.days.flatMap((day) => day.activities) },
      {
        places: deps.places,
        geo: lookupsOf(deps.geo, { owner: user.id, admit: geocoderBudget(deps, user.id) }),
        owner: user.id,
      },
      c.req.raw.signal,
    );
    return c.json(body satisfies PlacesPreview);
  } catch (error) {
    if (error instanceof PlacesImportError) return refusal(c, error);
    throw error;
  }
}

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

const exported = (c: Context<AppBindings>, trip: ExportTrip, format: ExportFormat, cache: string) =>
  c.body(exportBody(trip, format), 200, {
    "Content-Type": CONTENT_TYPES[format],
    "Content-Disposition": attachmentHeader(exportFileName(trip, format)),
    "Cache-Control": cache,
  });

/**
 * `POST /api/trips/:id/import-places` (members who may edit): files of saved places read into a
 * preview, nothing saved; `POST …/import-places/apply { date, places }` adds them to the plan;
 * `GET …/export.{gpx,kml,geojson,csv}` (any member) writes the trip out.
 */
export const tripPlacesRoutes = new Hono<AppBindings>()
  .post("/:id/import-places", pathIds, signedIn, async (c) => {
    const user = await requireUser(c);
    const { row } = await findTripFor(c.var.deps.database.db, user.id, c.req.param("id"), "edit");
    await guardImport(c, user);
    return preview(c, row);
  })
  .post(
    "/:id/import-places/apply",
    pathIds,
    signedIn,
    validate("json", applyPlacesRequestSchema),
    async (c) => {
      const user = await requireUser(c);
      const { deps } = c.var;
      const result = await applyPlaces(
        { db: deps.database.db, publishChange: deps.live.publishChange },
        user.id,
        c.req.param("id"),
        c.req.valid("json"),
      );
      return c.json({
        added: result.added,
        merged: result.merged,
        trip: toTripDto(result.row, result.access),
      });
    },
  );

for (const format of EXPORT_FORMATS)
  tripPlacesRoutes.get(`/:id/export.${format}`, pathIds, async (c) => {
    const user = await requireUser(c);
    const { row } = await findTripFor(c.var.deps.database.db, user.id, c.req.param("id"), "view");
    return exported(c, row, format, "private, no-store");
  });

/** `POST /api/import-places` (signed in, Home's "Start from saved places"): a preview with no trip. */
export const homePlacesImportRoutes = new Hono<AppBindings>().post("/", signedIn, async (c) => {
  await guardImport(c, await requireUser(c));
  return preview(c, null);
});

/** `GET /api/shared/:token/export.<format>`: a public trip without booking references and costs. */
export const sharedExportRoutes = new Hono<AppBindings>();
for (const format of EXPORT_FORMATS)
  sharedExportRoutes.get(`/:shareToken/export.${format}`, pathIds, async (c) => {
    const row = await findPublicTrip(c.var.deps.database.db, c.req.param("shareToken"));
    if (!row) throw notFound(MESSAGES.tripNotFound);
    const open = publicExport({
      ...row,
      stays: row.stays.map((stay) => ({ ...stay, reference: null })),
      transport: row.transport.map((journey) => ({ ...journey, reference: null })),
    });
    return exported(c, open, format, "no-store");
  });
