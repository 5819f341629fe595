import { and, count, eq, isNull } from "drizzle-orm";
import type { Database, Db } from "../db/database.ts";
import type { Env } from "../env.ts";
import { user } from "../db/auth-schema.ts";
import { trips, type TripRow } from "../db/schema.ts";
import { AppError } from "../lib/http-errors.ts";
import { recordVersion } from "../history/trip-versions.ts";

/** The history line of a trip's first version (generated, or copied from another trip). */
export const CREATED_SUMMARY = "Created the trip";

export const TOO_MANY_TRIPS_MESSAGE = (max: number) =>
  `You have reached the limit of ${max.toLocaleString("en-US")} trips. Delete some to make room.`;

const tooManyTrips = (max: number) =>
  new AppError(422, "too_many_trips", TOO_MANY_TRIPS_MESSAGE(max));

/** The setting that bounds the trips and the database that counts them. */
export type QuotaDeps = { env: Pick<Env, "MAX_TRIPS_PER_USER">; database: Pick<Database, "db"> };

const tripCount = async (db: Pick<Db, "select">, userId: string) => {
  // A deleted trip makes room at once (the limit's message says so), though kept to be restored.
  const [row] = await db
    .select({ n: count() })
    .from(trips)
    .where(and(eq(trips.userId, userId), isNull(trips.deletedAt)));
  return row?.n ?? 0;
};

/** An early refusal (before a plan is generated); `insertOwnTrip` is the check that holds. */
export async function assertRoomForTrip(deps: QuotaDeps, userId: string) {
  const max = deps.env.MAX_TRIPS_PER_USER;
  if ((await tripCount(deps.database.db, userId)) >= max) throw tooManyTrips(max);
}

/**
 * Inserts a trip only while its owner has fewer than MAX_TRIPS_PER_USER. The owner's user row is
 * locked for the transaction, so concurrent creations of one user are counted one after another
 * and cannot all pass at the last free place (NO KEY UPDATE does not block other users' rows or
 * inserts that merely reference this user).
 */
export async function insertOwnTrip(
  deps: QuotaDeps,
  input: Omit<typeof trips.$inferInsert, "name"> & { userId: string; name?: string },
  /** Rows that belong with the trip (its activities waiting for the geocoder), in its transaction. */
  withTrip?: (tx: Pick<Db, "insert">, row: TripRow) => Promise<void>,
): Promise<TripRow> {
  // A new trip is called after its destination until its owner names it.
  const values = { ...input, name: input.name ?? input.destination };
  const max = deps.env.MAX_TRIPS_PER_USER;
  return deps.database.db.transaction(async (tx) => {
    await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(user.id, values.userId))
      .for("no key update");
    if ((await tripCount(tx, values.userId)) >= max) throw tooManyTrips(max);
    const [row] = await tx.insert(trips).values(values).returning();
    if (!row) throw new Error("trip insert returned no row");
    await recordVersion(tx, row, row.userId, CREATED_SUMMARY);
    await withTrip?.(tx, row);
    return row;
  });
}
