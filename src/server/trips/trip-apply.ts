import type { TripMergeConflict } from "#shared/schemas/trip-history.ts";
import type { PlaceChoice } from "#shared/schemas/trip-edit.ts";
import type { Database } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";
import type { LiveHub } from "../live/live-hub.ts";
import type { PlacesService } from "../services/places/places-service.ts";
import type { Routing } from "../routing/routing-types.ts";
import type { TripRow } from "../db/schema.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import { confirmPlaces } from "./confirm-places.ts";
import { groundingAfterEdit } from "./grounding-upkeep.ts";
import { findTripFor } from "./trip-access.ts";
import type { TripAccess } from "./trip-dto.ts";
import { applyTripPatch, type TripPatchInput } from "./trip-patch.ts";
import { placePatchedTrip } from "./trip-places.ts";
import { waitingActivities } from "./activity-placements.ts";
import { matchEditedPlaces } from "./match-edited-places.ts";
import { patchForCurrent } from "./trip-rebase.ts";
import { saveTripVersion } from "./trip-save.ts";
import { settlementChoice, settlementSummary } from "./trip-settlement.ts";
import { describeChange } from "./trip-summary.ts";
import { routeLegs, type Leg } from "../routing/route-legs.ts";
import { routeTransfersAfterEdit } from "../routing/transfer-journeys.ts";
import { dropMootTravelLegs, queueTravelLegs, type TravelLegWorker } from "./travel-leg-queue.ts";
import { DEFAULT_TRAVEL_MODE } from "#shared/schemas/travel.ts";

const SAVE_ATTEMPTS = 5;
/** A save waits this long at most for a router's pace; past it the leg keeps its estimate. */
const SAVE_ROUTING_WAIT_MS = 2000;

export type ApplyDeps = {
  database: Database;
  places: PlacesService;
  logger: Logger;
  live: Pick<LiveHub, "publishChange">;
  routing: Routing;
  travelLegs: Pick<TravelLegWorker, "kick">;
};

export type ApplyResult =
  | { ok: true; row: TripRow; access: TripAccess; placeChoices: PlaceChoice[] }
  | { ok: false; row: TripRow; access: TripAccess; conflicts: TripMergeConflict[] };

/**
 * The versioned change of a trip (PATCH /api/trips/:id and the assistants' `apply_changes`): merged
 * with what was saved since its base version (or refused as a conflict), placed, its places
 * confirmed and matched, saved as the next version with its history line, and published live.
 * `geo` is the caller's budgeted lookups. `strict`: a change on any version but the current one is
 * a conflict, not merged (an assistant re-reads and tries again). `via`: the assistant that made it.
 */
export async function applyTripChanges(
  deps: ApplyDeps,
  input: {
    userId: string;
    tripId: string;
    patch: TripPatchInput;
    geo: GeoService;
    signal: AbortSignal;
    strict?: boolean;
    via?: string;
  },
): Promise<ApplyResult> {
  const { db } = deps.database;
  const { userId, tripId, patch, geo, signal } = input;
  // A save lost to a concurrent one (same base version) is merged again with what won.
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const found = await findTripFor(db, userId, tripId, "edit");
    const { row } = found;
    if (input.strict && patch.version !== row.version)
      return { ok: false, row, access: found, conflicts: [] };
    const prepared = await patchForCurrent(db, row, patch);
    if (!prepared.ok) return { ok: false, row, access: found, conflicts: prepared.conflicts };
    const patched = applyTripPatch(row, prepared.patch);
    const {
      itinerary: placed,
      place,
      stops: placedStops,
      stays,
    } = await placePatchedTrip(
      geo,
      row,
      patched,
      signal,
      // Activities still waiting for their pin (a new plan's) are not looked up again here.
      await waitingActivities(deps.database.db, row.id),
    );
    const confirmed = await confirmPlaces(deps.places, row.itinerary, placed, place, signal);
    // Typed or written by the assistant: matched like a generated plan's places.
    const { itinerary: matched, choices } = await matchEditedPlaces({
      places: deps.places,
      itinerary: confirmed,
      changed: new Set(patched.relocated.map((a) => a.id)),
      place,
      signal,
      logger: deps.logger,
    });
    // Stops reordered, renamed, added or moved in time: the journeys between them are asked again.
    const stops = await routeTransfersAfterEdit(deps.routing, row.stops, placedStops, {
      signal,
      maxWaitMs: SAVE_ROUTING_WAIT_MS,
    });
    // Only the legs this change touched are routed again (issue 46); transit past the pace's free
    // slot is asked after the save.
    const deferred: Leg[] = [];
    const itinerary = await routeLegs(deps.routing, {
      deferTransit: (leg) => deferred.push(leg),
      itinerary: matched,
      previous: row.itinerary,
      stops,
      stays,
      travelMode: patched.values.travelMode ?? DEFAULT_TRAVEL_MODE,
      legModes: patched.values.legModes,
      force: patched.routeForce,
      maxWaitMs: SAVE_ROUTING_WAIT_MS,
      signal,
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
      userId,
      settlement && settlement.settlementCurrency !== row.settlementCurrency
        ? settlementSummary(described, settlement.settlementCurrency)
        : described,
      input.via,
    );
    if (updated) {
      // Queued legs of activities removed, moved or re-timed are dropped before the newer asks
      // are queued: the day stops saying "Working out travel times…" for them with this change.
      await dropMootTravelLegs(db, tripId, {
        itinerary,
        stops,
        stays,
        legModes: patched.values.legModes,
      });
      if (deferred.length > 0) {
        await queueTravelLegs(db, tripId, deferred);
        deps.travelLegs.kick();
      }
      await deps.live.publishChange(tripId, updated.version);
      return { ok: true, row: updated, access: found, placeChoices: choices };
    }
  }
  const latest = await findTripFor(db, userId, tripId, "edit");
  return { ok: false, row: latest.row, access: latest, conflicts: [] };
}

/**
 * What a change would make of the trip, nothing saved: its history line and the trip's values after
 * it (before places are looked up). A conflict when it cannot be merged; strict as above.
 */
export async function previewTripChanges(
  deps: { database: Database },
  input: { userId: string; tripId: string; patch: TripPatchInput; strict?: boolean },
) {
  const { db } = deps.database;
  const found = await findTripFor(db, input.userId, input.tripId, "edit");
  const { row } = found;
  if (input.strict && input.patch.version !== row.version)
    return { ok: false as const, row, access: found, conflicts: [] };
  const prepared = await patchForCurrent(db, row, input.patch);
  if (!prepared.ok)
    return { ok: false as const, row, access: found, conflicts: prepared.conflicts };
  const patched = applyTripPatch(row, prepared.patch);
  return {
    ok: true as const,
    row,
    access: found,
    patched: { ...row, ...patched.values },
    summary: describeChange(prepared.before, prepared.after ?? patched.values, input.patch.reason),
  };
}
