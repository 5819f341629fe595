import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { TRIP_PURGE_DAYS } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { DeletedTrip, DeletionSummary } from "#shared/schemas/trip-deletion.ts";
import type { Database, Db } from "../db/database.ts";
import {
  tripExpenses,
  tripMembers,
  tripPayments,
  trips,
  user,
  type TripRow,
} from "../db/schema.ts";
import type { Env } from "../env.ts";
import { notFound } from "../lib/http-errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { LiveHub } from "../live/live-hub.ts";
import { assertRoomForTrip } from "./trip-quota.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const PURGE_AFTER_MS = TRIP_PURGE_DAYS * DAY_MS;

/** The Delete Trip dialog's summary: the trip's name and what goes with it. */
export async function deletionSummary(db: Db, trip: TripRow): Promise<DeletionSummary> {
  const [[expenses], [payments], companions] = await Promise.all([
    db.select({ n: count() }).from(tripExpenses).where(eq(tripExpenses.tripId, trip.id)),
    db.select({ n: count() }).from(tripPayments).where(eq(tripPayments.tripId, trip.id)),
    db
      .select({ name: user.name })
      .from(tripMembers)
      .innerJoin(user, eq(user.id, tripMembers.userId))
      .where(eq(tripMembers.tripId, trip.id))
      .orderBy(asc(tripMembers.createdAt), asc(user.id)),
  ]);
  return {
    name: trip.name,
    expenses: expenses?.n ?? 0,
    payments: payments?.n ?? 0,
    stays: trip.stays.length,
    journeys: trip.transport.length,
    companions: companions.map((c) => c.name),
    isPublic: trip.isPublic,
  };
}

/**
 * Deletes a trip as its owner asks: nothing is removed yet, the trip is only marked. From then on
 * every read but the owner's "Recently deleted" passes it by (lists, its page, the shared page and
 * calendar, invitations, the assistant), so the companions lose access at once, and every open page
 * of it hears `revoked` with `{ deleted: true }` on every instance. Restorable for TRIP_PURGE_DAYS.
 */
export async function softDeleteTrip(
  db: Db,
  live: Pick<LiveHub, "publishTripDeleted">,
  id: string,
) {
  const [row] = await db
    .update(trips)
    .set({ deletedAt: new Date() })
    .where(and(eq(trips.id, id), isNull(trips.deletedAt)))
    .returning({ id: trips.id });
  if (!row) throw notFound(MESSAGES.tripNotFound);
  await live.publishTripDeleted(id);
}

const purgeAtOf = (deletedAt: Date) => new Date(deletedAt.getTime() + PURGE_AFTER_MS);

/** GET /api/trips/deleted: the owner's trips deleted in the last TRIP_PURGE_DAYS, newest first. */
export async function listDeletedTrips(db: Db, userId: string, now = new Date()) {
  const rows = await db
    .select({
      id: trips.id,
      name: trips.name,
      destination: trips.destination,
      startDate: trips.startDate,
      endDate: trips.endDate,
      deletedAt: trips.deletedAt,
    })
    .from(trips)
    .where(
      and(
        eq(trips.userId, userId),
        isNotNull(trips.deletedAt),
        sql`${trips.deletedAt} > ${new Date(now.getTime() - PURGE_AFTER_MS)}`,
      ),
    )
    .orderBy(desc(trips.deletedAt), desc(trips.id));
  return rows.map((row): DeletedTrip => ({
    ...row,
    deletedAt: (row.deletedAt ?? now).toISOString(),
    purgeAt: purgeAtOf(row.deletedAt ?? now).toISOString(),
  }));
}

/**
 * POST /api/trips/:id/undelete: the owner's deleted trip back whole (its plan, expenses, payments,
 * companions, stays, journeys, history and public link were never removed). 404 for anyone else's,
 * one not deleted or one past its TRIP_PURGE_DAYS; the trips limit applies as to a new trip.
 */
export async function undeleteTrip(
  deps: { env: Pick<Env, "MAX_TRIPS_PER_USER">; database: Pick<Database, "db"> },
  userId: string,
  id: string,
  now = new Date(),
): Promise<TripRow> {
  const { db } = deps.database;
  await assertRoomForTrip(deps, userId);
  const [row] = await db
    .update(trips)
    .set({ deletedAt: null })
    .where(
      and(
        eq(trips.id, id),
        eq(trips.userId, userId),
        isNotNull(trips.deletedAt),
        sql`${trips.deletedAt} > ${new Date(now.getTime() - PURGE_AFTER_MS)}`,
      ),
    )
    .returning();
  if (!row) throw notFound(MESSAGES.tripNotFound);
  return row;
}

/**
 * Removes for good the trips deleted more than TRIP_PURGE_DAYS ago (their expenses, payments,
 * companions, invitations and history go with them: ON DELETE CASCADE). One statement: instances
 * sweeping at the same time delete each row once, the second finds nothing. Bounded per round.
 */
export async function purgeDeletedTrips(db: Db, now = new Date(), limit = 100): Promise<number> {
  const due = db
    .select({ id: trips.id })
    .from(trips)
    .where(lt(trips.deletedAt, new Date(now.getTime() - PURGE_AFTER_MS)))
    .limit(limit)
    .for("update", { skipLocked: true });
  const removed = await db.delete(trips).where(inArray(trips.id, due)).returning({ id: trips.id });
  return removed.length;
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Runs the purge every hour (and once soon after start-up); returns a stop function. */
export function startTripPurger(
  deps: { database: Pick<Database, "db">; logger: Logger },
  intervalMs = PURGE_INTERVAL_MS,
) {
  const run = () =>
    void purgeDeletedTrips(deps.database.db)
      .then((removed) => {
        if (removed > 0) deps.logger.info({ removed }, "deleted trips removed for good");
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, "deleted trips purge failed"));
  const first = setTimeout(run, 15_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
