import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { TRAVEL_TIMES_SUMMARY } from "#shared/travel-leg.ts";
import { zonedToEpoch } from "#shared/zoned-time.ts";
import type { Db } from "../db/database.ts";
import { travelLegJobs, trips, type TravelLegJobRow } from "../db/schema.ts";
import { claimNext, releaseClaims } from "../db/queue-claims.ts";
import type { Logger } from "../lib/logger.ts";
import { createQueueWorker, type QueueWorker } from "../lib/queue-worker.ts";
import { currentLeg, transitTravel, type Leg, type RouteLegsInput } from "../routing/route-legs.ts";
import type { Routing } from "../routing/routing-types.ts";
import { saveTripVersion } from "./trip-save.ts";

/** A crashed instance's row is taken again after this; a live one finishes long before. */
const CLAIM_MS = 2 * 60 * 1000;
/** A row that failed this often (the database, not the router) is dropped: its fallback stays. */
const MAX_ATTEMPTS = 8;
/** Rows of other instances' trips (or left by a restart) are looked for this often. */
const POLL_MS = 5_000;
/** A queued leg waits this long at most for the transit router's pace (about 20 plans a minute). */
const QUEUE_WAIT_MS = 60_000;
const SAVE_ATTEMPTS = 4;

type Tx = Pick<Db, "insert">;

/**
 * Queues the transit legs a save could not ask at once (in the save's transaction, or just after
 * it): a leg already queued is replaced by its newer ask, and its claim dropped.
 */
export async function queueTravelLegs(tx: Tx, tripId: string, legs: readonly Leg[]) {
  if (legs.length === 0) return;
  await tx
    .insert(travelLegJobs)
    .values(
      legs.map((leg) => ({
        tripId,
        activityId: leg.activityId,
        fromLat: leg.from.lat,
        fromLng: leg.from.lng,
        toLat: leg.to.lat,
        toLng: leg.to.lng,
        departLocal: leg.departLocal,
        zone: leg.zone,
      })),
    )
    .onConflictDoUpdate({
      target: [travelLegJobs.tripId, travelLegJobs.activityId],
      set: {
        fromLat: sql`excluded.from_lat`,
        fromLng: sql`excluded.from_lng`,
        toLat: sql`excluded.to_lat`,
        toLng: sql`excluded.to_lng`,
        departLocal: sql`excluded.depart_local`,
        zone: sql`excluded.zone`,
        attempts: 0,
        claimedBy: null,
        claimedUntil: null,
      },
    });
}

const legOfJob = (job: TravelLegJobRow) => ({
  from: { lat: job.fromLat, lng: job.fromLng },
  to: { lat: job.toLat, lng: job.toLng },
  departLocal: job.departLocal,
  zone: job.zone,
});

/**
 * Drops the queued legs an edit made moot: the activity removed, moved, re-timed (its leg is not the
 * one asked any more), or given another mode by hand. The day's "Working out travel times…" then
 * clears with the save's own live change. The number of rows dropped.
 */
export async function dropMootTravelLegs(
  db: Pick<Db, "select" | "delete">,
  tripId: string,
  trip: Pick<RouteLegsInput, "itinerary" | "stops" | "stays" | "legModes">,
): Promise<number> {
  const jobs = await db.select().from(travelLegJobs).where(eq(travelLegJobs.tripId, tripId));
  const moot = jobs.filter((job) => {
    const now = currentLeg(trip, job.activityId);
    if (!now || (now.chosen !== undefined && now.chosen !== "transit")) return true;
    const { activityId: _id, chosen: _chosen, ...asked } = now;
    return !isDeepStrictEqual(asked, legOfJob(job));
  });
  if (moot.length === 0) return 0;
  await db.delete(travelLegJobs).where(
    inArray(
      travelLegJobs.id,
      moot.map((job) => job.id),
    ),
  );
  return moot.length;
}

/** The activities of a trip whose leg is still being worked out (the day says so meanwhile). */
export async function travelPendingOf(db: Db, tripId: string) {
  const rows = await db
    .select({ id: travelLegJobs.activityId })
    .from(travelLegJobs)
    .where(eq(travelLegJobs.tripId, tripId));
  return rows.length > 0 ? { travelPending: { activityIds: rows.map((r) => r.id).sort() } } : {};
}

/**
 * The journey found for `job` saved as the trip's next version, unless the leg changed meanwhile
 * (moved, removed, re-timed, or given another mode by hand): an edit wins. The saved version, or
 * null when nothing was saved.
 */
async function fillLeg(
  db: Db,
  job: TravelLegJobRow,
  travel: ReturnType<typeof transitTravel>,
): Promise<number | null> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const [row] = await db
      .select()
      .from(trips)
      .where(and(eq(trips.id, job.tripId), isNull(trips.deletedAt)));
    if (!row) return null;
    const legModes = row.legModes ?? {};
    const now = currentLeg(
      { itinerary: row.itinerary, stops: row.stops, stays: row.stays, legModes },
      job.activityId,
    );
    if (!now || (now.chosen !== undefined && now.chosen !== "transit")) return null;
    const { activityId: _id, chosen: _chosen, ...asked } = now;
    if (!isDeepStrictEqual(asked, legOfJob(job))) return null;
    let changed = false;
    const itinerary: Itinerary = {
      days: row.itinerary.days.map((day) => ({
        ...day,
        activities: day.activities.map((a) => {
          if (a.id !== job.activityId || isDeepStrictEqual(a.travel, travel)) return a;
          changed = true;
          return { ...a, travel };
        }),
      })),
    };
    if (!changed) return null;
    const saved = await saveTripVersion(db, row, { itinerary }, row.userId, TRAVEL_TIMES_SUMMARY);
    if (saved) return saved.version;
  }
  return null;
}

export type TravelLegWorker = QueueWorker;

/**
 * Takes the queued transit legs one at a time on any instance, as activity placements are taken: a
 * row is claimed (SKIP LOCKED, then `claimedUntil`), asked from the transit router at its pace, the
 * journey saved as the trip's next version, the row deleted, and the trip's live pages told. No
 * journey (none found, a failure): the leg keeps the fallback it was saved with. Paced out: the row
 * is handed back for the next poll.
 */
export function createTravelLegWorker(deps: {
  db: Db;
  routing: Routing;
  logger: Logger;
  publishChange: (tripId: string, version: number) => Promise<void>;
  pollMs?: number;
}): TravelLegWorker {
  const { db } = deps;
  const instance = randomUUID();

  /** Deletes the row unless a newer save replaced its leg meanwhile (it was re-queued, unclaimed). */
  const done = (job: TravelLegJobRow) =>
    db
      .delete(travelLegJobs)
      .where(and(eq(travelLegJobs.id, job.id), eq(travelLegJobs.claimedBy, instance)));

  /** False when the row was handed back (paced out): the loop waits for the next poll. */
  async function work(job: TravelLegJobRow, signal: AbortSignal): Promise<boolean> {
    const at = zonedToEpoch(job.departLocal, job.zone);
    let pacedOut = false;
    const journeys =
      at === null || !deps.routing.transit
        ? null
        : await deps.routing.plan(legOfJob(job).from, legOfJob(job).to, new Date(at), {
            signal,
            maxWaitMs: QUEUE_WAIT_MS,
            onPacedOut: () => (pacedOut = true),
          });
    if (signal.aborted) return false;
    if (pacedOut) {
      // Not a failure: the claim's attempt is given back with the row.
      await db
        .update(travelLegJobs)
        .set({
          claimedBy: null,
          claimedUntil: null,
          attempts: sql`${travelLegJobs.attempts} - 1`,
        })
        .where(and(eq(travelLegJobs.id, job.id), eq(travelLegJobs.claimedBy, instance)));
      return false;
    }
    const [best] = journeys ?? [];
    const version = best ? await fillLeg(db, job, transitTravel(best, job.zone)) : null;
    // Gone before the change is told, so the page that reads the trip again finds it done.
    await done(job);
    if (version !== null) await deps.publishChange(job.tripId, version);
    return true;
  }

  // One loop per instance: the transit pace allows one ask at a time anyway.
  return createQueueWorker({
    what: "travel leg",
    loops: 1,
    pollMs: deps.pollMs ?? POLL_MS,
    maxAttempts: MAX_ATTEMPTS,
    logger: deps.logger,
    claim: () => claimNext(db, travelLegJobs, instance, CLAIM_MS),
    work,
    drop: done,
    release: () => releaseClaims(db, travelLegJobs, instance),
  });
}
