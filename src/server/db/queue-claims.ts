import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "./database.ts";
import type { activityPlacements, travelLegJobs } from "./schema.ts";

/**
 * The durable queues' tables (activity placements, transit legs): a row is work any instance may
 * take, held by one at a time through `claimedBy` and `claimedUntil`, counted in `attempts`.
 */
export type QueueTable = typeof activityPlacements | typeof travelLegJobs;

// drizzle types each table's update on its own columns; the queue's columns are the same in each.
const asOne = (table: QueueTable) => table as typeof activityPlacements;

/**
 * Takes the oldest free row for `instance` until `claimMs` from now (one attempt more), or null when
 * there is none: SKIP LOCKED keeps two instances from taking the same row at the same time, and
 * the claim's end lets another take it after a crash.
 */
export async function claimNext<T extends QueueTable>(
  db: Db,
  queue: T,
  instance: string,
  claimMs: number,
): Promise<T["$inferSelect"] | null> {
  const table = asOne(queue);
  const now = new Date();
  const free = or(isNull(table.claimedUntil), lt(table.claimedUntil, now));
  const due = db
    .select({ id: table.id })
    .from(table)
    .where(free)
    .orderBy(asc(table.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(table)
    .set({
      claimedBy: instance,
      claimedUntil: new Date(now.getTime() + claimMs),
      attempts: sql`${table.attempts} + 1`,
    })
    .where(and(inArray(table.id, due), free))
    .returning();
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/** Frees every row `instance` holds, at once, for the next instance (a restart, another one). */
export async function releaseClaims(db: Db, queue: QueueTable, instance: string): Promise<void> {
  const table = asOne(queue);
  await db
    .update(table)
    .set({ claimedBy: null, claimedUntil: null })
    .where(eq(table.claimedBy, instance));
}
