import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { withoutStaleDayFacts } from "#shared/day-facts.ts";
import { MESSAGES } from "#shared/messages.ts";
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
import type { TripRow } from "../../db/schema.ts";
import { confirmPlaces } from "../../trips/confirm-places.ts";
import { geocoderBudget } from "../../http/geocoder-budget.ts";
import { enforceTripCreateLimit } from "../../http/trip-create-limit.ts";
import { groundingAfterEdit } from "../../trips/grounding-upkeep.ts";
import { notFound } from "../../lib/http-errors.ts";
import { requireUser } from "../../http/session.ts";
import { findTripFor } from "../../trips/trip-access.ts";
import type { TripAccess } from "../../trips/trip-dto.ts";
import { patchForCurrent } from "../../trips/trip-rebase.ts";
import { saveTripVersion } from "../../trips/trip-save.ts";
import { settlementChoice, settlementSummary } from "../../trips/trip-settlement.ts";
import { describeChange } from "../../trips/trip-summary.ts";
import { toTripDto } from "../../trips/trip-dto.ts";
import { applyTripPatch } from "../../trips/trip-patch.ts";
import { placePatchedTrip } from "../../trips/trip-places.ts";
import { waitingActivities } from "../../trips/activity-placements.ts";
import { matchEditedPlaces } from "../../trips/match-edited-places.ts";
import { insertOwnTrip } from "../../trips/trip-quota.ts";
import { validate } from "../../http/validate.ts";
import { lookupsOf } from "../../services/geo/geo-service.ts";

const uuid = z.uuid();

/** "Paris (copy)", clipped so a copy of a copy never outgrows the name's limit. */
const copyName = (name: string) => `${name.slice(0, TRIP_NAME_MAX_LENGTH - 7).trimEnd()} (copy)`;

/** Signed in, and a well-formed id, before the body is even read: 401 and 404 come before 422. */
const ownTripGuard = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  if (!uuid.safeParse(c.req.param("id")).success) throw notFound(MESSAGES.tripNotFound);
  await next();
};

const SAVE_ATTEMPTS = 5;

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
    const { db } = c.var.deps.database;
    const id = c.req.param("id");
    const patch = c.req.valid("json");
    // Lookups are served in turn with other users' and capped per save and per hour.
    const geo = lookupsOf(c.var.deps.geo, {
      owner: user.id,
      admit: geocoderBudget(c.var.deps, user.id),
    });
    // A save lost to a concurrent one (same base version) is merged again with what won.
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const found = await findTripFor(db, user.id, id, "edit");
      const { row } = found;
      const prepared = await patchForCurrent(db, row, patch);
      if (!prepared.ok) return conflict(c, row, found, prepared.conflicts);
      const patched = applyTripPatch(row, prepared.patch);
      const {
        itinerary: placed,
        place,
        stops,
        stays,
      } = await placePatchedTrip(
        geo,
        row,
        patched,
        c.req.raw.signal,
        await waitingActivities(db, row.id),
      );
      const confirmed = await confirmPlaces(
        c.var.deps.places,
        row.itinerary,
        placed,
        place,
        c.req.raw.signal,
      );
      // Typed or written by the assistant: matched like a generated plan's places.
      const { itinerary, choices } = await matchEditedPlaces({
        places: c.var.deps.places,
        itinerary: confirmed,
        changed: new Set(patched.relocated.map((a) => a.id)),
        place,
        signal: c.req.raw.signal,
        logger: c.var.deps.logger,
      });
      const settlement =
        patch.settlementCurrency === undefined
          ? null
          : await settlementChoice(db, row.id, patch.settlementCurrency);
      const described = describeChange(
        prepared.before,
        prepared.after ?? patched.values,
        patch.reason,
      );
      const updated = await saveTripVersion(
        db,
        row,
        {
          ...patched.values,
          itinerary,
          place,
          stops,
          stays,
          grounding: groundingAfterEdit(row.grounding, itinerary),
          ...settlement,
        },
        user.id,
        settlement && settlement.settlementCurrency !== row.settlementCurrency
          ? settlementSummary(described, settlement.settlementCurrency)
          : described,
      );
      if (updated) {
        await c.var.deps.live.publishChange(id, updated.version);
        return c.json({ trip: toTripDto(updated, found), placeChoices: choices });
      }
    }
    const latest = await findTripFor(db, user.id, id, "edit");
    return conflict(c, latest.row, latest, []);
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
