import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { trips, type TripRow } from "../db/schema.ts";
import { recordVersion } from "../history/trip-versions.ts";

/**
 * Saves a change of `current` as the next version, with its history line, in one transaction.
 * Only `current.version` is overwritten: null when another save got there first (nothing written),
 * so the caller merges again against the newer version.
 */
export async function saveTripVersion(
  db: Db,
  current: TripRow,
  values: Partial<typeof trips.$inferInsert>,
  byUserId: string,
  summary: string,
  /** The assistant that made the change through /mcp (its name), for the history. */
  via?: string,
): Promise<TripRow | null> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trips)
      .set({ ...values, version: sql`${trips.version} + 1` })
      .where(
        and(eq(trips.id, current.id), eq(trips.version, current.version), isNull(trips.deletedAt)),
      )
      .returning();
    if (!updated) return null;
    await recordVersion(tx, updated, byUserId, summary, current, via);
    return updated;
  });
}
