import { randomUUID } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { withoutStaleDayFacts } from "#shared/day-facts.ts";
import {
  duplicateTripRequestSchema,
  tripPatchSchema,
  type TripConflict,
} from "#shared/schemas/trip-edit.ts";
import type { TripMergeConflict } from "#shared/schemas/trip-history.ts";
import { TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import { TRIP_NAME_MAX_LENGTH } from "#shared/schemas/trip.ts";
import { daysBetween, shiftDate } from "#shared/trip-dates.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import type { TripRow } from "../../db/schema.ts";
import { geocoderBudget } from "../../http/geocoder-budget.ts";
import { enforceTripCreateLimit } from "../../http/trip-create-limit.ts";
import { requireUser } from "../../http/session.ts";
import { findTripFor } from "../../trips/trip-access.ts";
import { applyTripChanges } from "../../trips/trip-apply.ts";
import type { TripAccess } from "../../trips/trip-dto.ts";
import { toTripDto } from "../../trips/trip-dto.ts";
import { travelPendingOf } from "../../trips/travel-leg-queue.ts";
import { insertOwnTrip } from "../../trips/trip-quota.ts";
import { validate } from "../../http/validate.ts";
import { lookupsOf } from "../../services/geo/geo-service.ts";

/** "Paris (copy)", clipped so a copy of a copy never outgrows the name's limit. */
const copyName = (name: string) => `${name.slice(0, TRIP_NAME_MAX_LENGTH - 7).trimEnd()} (copy)`;

/** Signed in, and a well-formed id, before the body is even read: 401 and 404 come before 422. */
const ownTripGuard: MiddlewareHandler<AppBindings> = async (c, next) => {
  await requireUser(c);
  await pathIds(c, next);
};

const conflict = (
  c: Context<AppBindings>,
  row: TripRow,
  access: TripAccess,
  conflicts: TripMergeConflict[],
) =>
  c.json<TripConflict>(
    {
      error: { code: "conflict", message: TRIP_CONFLICT_MESSAGE },
      trip: toTripDto(row, access),
      conflicts,
    },
    409,
  );

/**
 * Editing (owner and editors) and copying (any member: the copy is the reader's own) a trip. A trip
 * the user is not on, a missing or a malformed id is a 404; a viewer's edit a 403.
 */
export const tripEditRoutes = new Hono<AppBindings>()
  .patch("/:id", ownTripGuard, validate("json", tripPatchSchema), async (c) => {
    const user = await requireUser(c);
    // Lookups are served in turn with other users' and capped per save and per hour.
    const geo = lookupsOf(c.var.deps.geo, {
      owner: user.id,
      admit: geocoderBudget(c.var.deps, user.id),
    });
    const result = await applyTripChanges(c.var.deps, {
      userId: user.id,
      tripId: c.req.param("id"),
      patch: c.req.valid("json"),
      geo,
      signal: c.req.raw.signal,
    });
    if (!result.ok) return conflict(c, result.row, result.access, result.conflicts);
    // Legs still asked after the save: the page keeps saying so (issue 46).
    const travelPending = await travelPendingOf(c.var.deps.database.db, result.row.id);
    return c.json({
      trip: { ...toTripDto(result.row, result.access), ...travelPending },
      placeChoices: result.placeChoices,
    });
  })
  .post("/:id/duplicate", ownTripGuard, validate("json", duplicateTripRequestSchema), async (c) => {
    const user = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row } = await findTripFor(db, user.id, c.req.param("id"), "view");
    await enforceTripCreateLimit(c.var.deps, user.id);
    const { startDate } = c.req.valid("json");
    const shift = daysBetween(row.startDate, startDate);
    const copy = await insertOwnTrip(c.var.deps, {
      userId: user.id,
      name: copyName(row.name),
      destination: row.destination,
      startDate,
      endDate: shiftDate(row.endDate, shift),
      budget: row.budget,
      travelStyle: row.travelStyle,
      interests: row.interests,
      itinerary: withoutStaleDayFacts({
        days: row.itinerary.days.map((day) => ({
          ...day,
          date: shiftDate(day.date, shift),
          activities: day.activities.map((a) => ({ ...a, id: randomUUID() })),
        })),
      }),
      status: row.status,
      isPublic: false,
      place: row.place,
      // The same cities on the new dates; journeys and stays were booked for the old ones.
      stops: row.stops.map((stop) => ({
        ...stop,
        id: randomUUID(),
        startDate: shiftDate(stop.startDate, shift),
        endDate: shiftDate(stop.endDate, shift),
      })),
      grounding: row.grounding,
    });
    return c.json({ trip: toTripDto(copy, { role: "owner", ownerName: user.name }) }, 201);
  });
