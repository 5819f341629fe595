import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import {
  applyPlacesRequestSchema,
  EXPORT_FORMATS,
  type PlacesPreview,
} from "#shared/schemas/places-io.ts";
import type { AppBindings } from "../http/context.ts";
import { pathIds } from "../http/path-ids.ts";
import { geocoderBudget } from "../http/geocoder-budget.ts";
import { guardImport } from "../http/import-guard.ts";
import { requireUser } from "../http/session.ts";
import { validate } from "../http/validate.ts";
import type { TripRow } from "../db/schema.ts";
import { applyPlaces } from "../places-io/apply-places.ts";
import { memberExport, publicTripExport, type ExportFile } from "../places-io/export-file.ts";
import { placesFileRefusal, placesFilesOf } from "../http/places-files.ts";
import { previewPlaces } from "../places-io/import-preview.ts";
import { PlacesImportError } from "../places-io/places-import-error.ts";
import { lookupsOf } from "../services/geo/geo-service.ts";
import { attachmentHeader } from "../services/calendar/trip-calendar.ts";
import { findTripFor } from "../trips/trip-access.ts";
import { toTripDto } from "../trips/trip-dto.ts";

/** 401 before anything else. */
const signedIn: MiddlewareHandler<AppBindings> = async (c, next) => {
  await requireUser(c);
  await next();
};

async function preview(
  c: Context<AppBindings>,
  trip: Pick<TripRow, "stops" | "place" | "itinerary"> | null,
): Promise<Response> {
  const { deps } = c.var;
  const user = await requireUser(c);
  const files = await placesFilesOf(c);
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
    if (error instanceof PlacesImportError) return placesFileRefusal(c, error);
    throw error;
  }
}

const sendFile = (c: Context<AppBindings>, file: ExportFile, cache: string) =>
  c.body(file.body, 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": attachmentHeader(file.fileName),
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
    const { db } = c.var.deps.database;
    const file = await memberExport(db, user.id, c.req.param("id"), format);
    return sendFile(c, file, "private, no-store");
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
    const { db } = c.var.deps.database;
    const file = await publicTripExport(db, c.req.param("shareToken"), format);
    return sendFile(c, file, "no-store");
  });
