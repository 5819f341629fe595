import { routeLegs } from "../routing/route-legs.ts";
import type { Routing } from "../routing/routing-types.ts";
import { DEFAULT_TRAVEL_MODE } from "#shared/schemas/travel.ts";
import { randomUUID } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Activity, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import { placedOnMapSummary } from "#shared/placing.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import type { Db } from "../db/database.ts";
import { activityPlacements, trips, type ActivityPlacementRow } from "../db/schema.ts";
import { claimNext, releaseClaims } from "../db/queue-claims.ts";
import type { Logger } from "../lib/logger.ts";
import { createQueueWorker, type QueueWorker } from "../lib/queue-worker.ts";
import { checkedPoint } from "../planner/place-checks.ts";
import type { GeoService, LatLng } from "../services/geo/geo-service.ts";
import { saveTripVersion } from "./trip-save.ts";

/** A crashed instance's row is taken again after this; a live one finishes long before. */
const CLAIM_MS = 2 * 60 * 1000;
/** Rows that failed this often (the database, not the geocoder) are dropped: left unplaced. */
const MAX_ATTEMPTS = 5;
/** Rows of other instances' trips (or left by a restart) are looked for this often. */
const POLL_MS = 5_000;
/** Lookups of one instance in flight at once: the geocoder's own queue paces them (one a second). */
const CONCURRENCY = 2;
const SAVE_ATTEMPTS = 4;

type Job = Pick<ActivityPlacementRow, "activityId" | "location" | "near" | "guessLat" | "guessLng">;

/**
 * The activities of a new plan the geocoder is to place, and the plan as saved meanwhile: each such
 * activity without a pin (never the model's guess shown as if looked up), its guess kept in the job.
 * Only activities the geocoder would have been asked about: not matched to OpenStreetMap (a match has
 * its own point), not booked (placed with the booking), with a stop whose place is known.
 */
export function plannedPlacements(
  itinerary: Itinerary,
  stopPlaces: readonly (TripPlace | null)[],
): { itinerary: Itinerary; jobs: Job[] } {
  const jobs: Job[] = [];
  const days = itinerary.days.map((day) => ({
    ...day,
    activities: day.activities.map((a): Activity => {
      const near = stopPlaces[activityStopIndex(a, day)] ?? stopPlaces[0] ?? null;
      if (!near || a.osmId !== null || a.booked || a.location.trim() === "") return a;
      jobs.push({
        activityId: a.id,
        location: a.location,
        near,
        guessLat: a.lat,
        guessLng: a.lng,
      });
      return { ...a, lat: null, lng: null };
    }),
  }));
  return { itinerary: { days }, jobs };
}

type Tx = Pick<Db, "insert">;

/** Inserts the jobs of a trip just saved (in the transaction of its insert). */
export async function insertPlacements(
  tx: Tx,
  tripId: string,
  ownerId: string,
  jobs: readonly Job[],
): Promise<void> {
  if (jobs.length === 0) return;
  await tx.insert(activityPlacements).values(jobs.map((job) => ({ ...job, tripId, ownerId })));
}

/** How many of a trip's activities still wait for the geocoder. */
export async function placingRemaining(db: Db, tripId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activityPlacements)
    .where(eq(activityPlacements.tripId, tripId));
  return row?.n ?? 0;
}

/** The ids of a trip's activities still waiting (an edit leaves their lookup to the worker). */
export async function waitingActivities(db: Db, tripId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: activityPlacements.activityId })
    .from(activityPlacements)
    .where(eq(activityPlacements.tripId, tripId));
  return new Set(rows.map((r) => r.id));
}

/** The `placing` field of a trip's answer: absent when nothing waits. */
export const placingOf = (remaining: number) => (remaining > 0 ? { placing: { remaining } } : {});

/**
 * The trip with the activity at `point` as its next version, unless it changed meanwhile: the
 * activity gone, its location rewritten, or a pin already set (by hand, or a match) win.
 * Returns the saved version, or null when nothing was saved.
 */
async function placeActivity(
  db: Db,
  job: ActivityPlacementRow,
  point: LatLng,
  routing: Routing | undefined,
): Promise<number | null> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const [row] = await db
      .select()
      .from(trips)
      .where(and(eq(trips.id, job.tripId), isNull(trips.deletedAt)));
    if (!row) return null;
    let placed: Activity | null = null;
    const days = row.itinerary.days.map((day) => ({
      ...day,
      activities: day.activities.map((a) => {
        if (a.id !== job.activityId || a.location !== job.location) return a;
        if (a.lat !== null || a.lng !== null || a.osmId !== null) return a;
        placed = { ...a, ...point };
        return placed;
      }),
    }));
    const activity = placed as Activity | null;
    if (!activity) return null;
    // Its pin gives the legs into and out of it (issue 46); the others stay as they are.
    const itinerary = routing
      ? await routeLegs(routing, {
          itinerary: { days },
          previous: row.itinerary,
          stops: row.stops,
          stays: row.stays,
          travelMode: row.travelMode ?? DEFAULT_TRAVEL_MODE,
          legModes: row.legModes ?? {},
          maxWaitMs: PLACED_ROUTING_WAIT_MS,
        })
      : { days };
    const saved = await saveTripVersion(
      db,
      row,
      { itinerary },
      job.ownerId,
      placedOnMapSummary(activity.activity),
    );
    if (saved) return saved.version;
  }
  return null;
}

/** A placed activity's legs wait at most this long for a router's pace. */
const PLACED_ROUTING_WAIT_MS = 2000;

export type PlacementWorker = QueueWorker;

/**
 * Takes the placement rows one at a time (CONCURRENCY in flight), on any instance: a row is claimed
 * (SKIP LOCKED, then `claimedUntil`), looked up near its stop, the point (or the model's checked
 * guess when the geocoder found nothing or failed) saved as the trip's next version, the row
 * deleted, and the trip's live pages told. No point at all: the activity stays unplaced ("Place on
 * the map"), and its row goes all the same.
 */
export function createPlacementWorker(deps: {
  db: Db;
  geo: GeoService;
  logger: Logger;
  publishChange: (tripId: string, version: number) => Promise<void>;
  /** Routes the legs of a placed activity; without it they wait for the next edit. */
  routing?: Routing;
  pollMs?: number;
}): PlacementWorker {
  const { db, geo } = deps;
  const instance = randomUUID();

  async function work(job: ActivityPlacementRow, signal: AbortSignal): Promise<void> {
    const found = await geo.locateActivity(job.location, job.near, {
      signal,
      owner: job.ownerId,
    });
    // Stopping: the row is released for whoever runs next.
    if (signal.aborted) return;
    const point =
      (found && checkedPoint(found.lat, found.lng, job.near)) ??
      checkedPoint(job.guessLat, job.guessLng, job.near);
    const version = point ? await placeActivity(db, job, point, deps.routing) : null;
    // Gone before the change is told, so the page that reads the trip again counts one less.
    await db.delete(activityPlacements).where(eq(activityPlacements.id, job.id));
    if (version !== null) await deps.publishChange(job.tripId, version);
  }

  return createQueueWorker({
    what: "placement",
    loops: CONCURRENCY,
    pollMs: deps.pollMs ?? POLL_MS,
    maxAttempts: MAX_ATTEMPTS,
    logger: deps.logger,
    claim: () => claimNext(db, activityPlacements, instance, CLAIM_MS),
    work,
    // Left unplaced.
    drop: (job) => db.delete(activityPlacements).where(eq(activityPlacements.id, job.id)),
    release: () => releaseClaims(db, activityPlacements, instance),
  });
}
