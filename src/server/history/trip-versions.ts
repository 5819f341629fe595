import { and, desc, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { user } from "../db/auth-schema.ts";
import { tripVersions, type TripRow, type TripSnapshot } from "../db/schema.ts";

/** Versions kept per trip; older ones are dropped as new ones are saved. */
export const VERSIONS_KEPT = 100;
export const HISTORY_PAGE_SIZE = 20;

/** Written for a base version saved before history was kept (or by a path that keeps none). */
export const EARLIER_VERSION_SUMMARY = "Saved before history was kept";

export const snapshotOf = (row: TripSnapshot): TripSnapshot => ({
  name: row.name,
  destination: row.destination,
  startDate: row.startDate,
  endDate: row.endDate,
  budget: Number(row.budget),
  travelStyle: row.travelStyle,
  interests: row.interests,
  itinerary: row.itinerary,
  place: row.place,
  grounding: row.grounding,
  stops: row.stops,
  transport: row.transport,
  stays: row.stays,
});

type Tx = Pick<Db, "insert" | "delete">;

/**
 * Records a saved version (in the transaction of its save) and drops the trip's versions beyond the
 * last 100. `previous`, when given, is the version the save replaced: recorded too if history does
 * not have it yet (a trip written without one), so a stale change based on it can still merge.
 */
export async function recordVersion(
  tx: Tx,
  saved: TripRow,
  byUserId: string | null,
  summary: string,
  previous?: TripRow,
  via?: string,
): Promise<void> {
  const rows: (typeof tripVersions.$inferInsert)[] = [
    {
      tripId: saved.id,
      version: saved.version,
      byUserId,
      summary,
      snapshot: snapshotOf(saved),
      via: via ?? null,
    },
  ];
  if (previous)
    rows.unshift({
      tripId: previous.id,
      version: previous.version,
      // Before history, only the owner could change a trip.
      byUserId: previous.userId,
      summary: EARLIER_VERSION_SUMMARY,
      snapshot: snapshotOf(previous),
    });
  await tx.insert(tripVersions).values(rows).onConflictDoNothing();
  await tx
    .delete(tripVersions)
    .where(
      and(
        eq(tripVersions.tripId, saved.id),
        lte(tripVersions.version, saved.version - VERSIONS_KEPT),
      ),
    );
}

/** One stored version's snapshot, or null (never saved, or dropped with the old ones). */
export async function findVersion(
  db: Db,
  tripId: string,
  version: number,
): Promise<TripSnapshot | null> {
  const [row] = await db
    .select({ snapshot: tripVersions.snapshot })
    .from(tripVersions)
    .where(and(eq(tripVersions.tripId, tripId), eq(tripVersions.version, version)))
    .limit(1);
  return row?.snapshot ?? null;
}

export type VersionEntry = {
  version: number;
  at: string;
  by: { userId: string; name: string } | null;
  summary: string;
};

/** A page of a trip's history, newest first, strictly before `before` and after `after` when given. */
export async function historyPage(
  db: Db,
  tripId: string,
  before: number | undefined,
  limit = HISTORY_PAGE_SIZE,
  after?: number,
): Promise<VersionEntry[]> {
  const rows = await db
    .select({
      version: tripVersions.version,
      at: sql<string>`to_char(${tripVersions.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      userId: tripVersions.byUserId,
      name: user.name,
      via: tripVersions.via,
      summary: tripVersions.summary,
    })
    .from(tripVersions)
    .leftJoin(user, eq(user.id, tripVersions.byUserId))
    .where(
      and(
        eq(tripVersions.tripId, tripId),
        before === undefined ? undefined : lt(tripVersions.version, before),
        after === undefined ? undefined : gt(tripVersions.version, after),
      ),
    )
    .orderBy(desc(tripVersions.version))
    .limit(limit);
  return rows.map((r) => ({
    version: r.version,
    at: r.at,
    // A change an assistant made for its user reads "Ana Ferreira (via Claude)".
    by: r.userId
      ? { userId: r.userId, name: r.via ? `${r.name ?? ""} (via ${r.via})` : (r.name ?? "") }
      : null,
    summary: r.summary,
  }));
}

/** Who saved a version and its summary (for the `change` event), or null once it is gone. */
export async function versionEntry(
  db: Db,
  tripId: string,
  version: number,
): Promise<VersionEntry | null> {
  const [entry] = await historyPage(db, tripId, version + 1, 1);
  return entry?.version === version ? entry : null;
}

/** The versions saved after `after`, oldest first (what a listener missed), at most the last 100. */
export async function changesSince(db: Db, tripId: string, after: number): Promise<VersionEntry[]> {
  // Every instance runs this on each change of a trip it serves: only the new rows are read.
  const newest = await historyPage(db, tripId, undefined, VERSIONS_KEPT, after);
  return newest.reverse();
}
