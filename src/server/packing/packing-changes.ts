import { and, count, eq, isNull, sql } from "drizzle-orm";
import {
  DEFAULT_PACKING_CATEGORY,
  PACKING_ITEMS_MAX,
  type PackingItem,
  type packingItemPatchSchema,
} from "#shared/schemas/packing.ts";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { packingItems, trips, type PackingListRow, type TripRow } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { invalid, tripPeople } from "../money/trip-expenses.ts";
import { recordVersion } from "../history/trip-versions.ts";
import {
  PACKING_ITEM_NOT_FOUND,
  assertMayUse,
  findItem,
  toPackingItemDto,
} from "./packing-lists.ts";

export type PublishChange = (tripId: string, version: number) => Promise<void>;
export type PackingDeps = { db: Db; publishChange: PublishChange };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type NewItem = { name: string; category?: string; quantity?: number; note?: string };
export type ItemPatch = z.output<typeof packingItemPatchSchema>;

export const TOO_MANY_ITEMS = `A trip can have at most ${PACKING_ITEMS_MAX} packing items`;
export const ASSIGN_SHARED_ONLY = "Only items on the shared list can be assigned";
export const ASSIGN_MEMBERS_ONLY = "Assign the item to a member of the trip";

/**
 * A packing change is a change of the trip: its next version (same plan) with the history line, in
 * the change's transaction, so the other members' open pages hear of it like a plan change. The
 * trip's row is updated first: it stays locked until the commit, so the item limit's count below
 * cannot be passed by two adds at once.
 */
async function bumpTrip(tx: Tx, trip: TripRow, byUserId: string, summary: string): Promise<number> {
  const [updated] = await tx
    .update(trips)
    .set({ version: sql`${trips.version} + 1` })
    .where(and(eq(trips.id, trip.id), isNull(trips.deletedAt)))
    .returning();
  if (!updated) throw notFound("Trip not found");
  await recordVersion(tx, updated, byUserId, summary, trip);
  return updated.version;
}

/** After the commit: every instance's open pages of the trip get a `change`. */
async function committed<T>(
  deps: PackingDeps,
  tripId: string,
  work: (tx: Tx) => Promise<{ value: T; version: number }>,
): Promise<T> {
  const { value, version } = await deps.db.transaction(work);
  await deps.publishChange(tripId, version);
  return value;
}

const quoted = (names: string[]) =>
  names.length <= 3
    ? names.join(", ")
    : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;

/**
 * Adds items to a list the caller may change (the shared one or their own), all or none: past the
 * trip's 1,000 items nothing is saved (422 naming `items` and the limit).
 */
export async function addItems(
  deps: PackingDeps,
  trip: TripRow,
  byUserId: string,
  list: PackingListRow,
  items: NewItem[],
  summary?: string,
): Promise<PackingItem[]> {
  assertMayUse(list, byUserId);
  const where = list.kind === "shared" ? "the shared packing list" : "their packing list";
  return committed(deps, trip.id, async (tx) => {
    const version = await bumpTrip(
      tx,
      trip,
      byUserId,
      summary ?? `Added to ${where}: ${quoted(items.map((i) => i.name))}`,
    );
    const [held] = await tx
      .select({ n: count() })
      .from(packingItems)
      .where(eq(packingItems.tripId, trip.id));
    if ((held?.n ?? 0) + items.length > PACKING_ITEMS_MAX)
      throw invalid([{ path: ["items"], message: TOO_MANY_ITEMS }]);
    const rows = await tx
      .insert(packingItems)
      .values(
        items.map((item, index) => ({
          listId: list.id,
          tripId: trip.id,
          name: item.name,
          category: item.category || DEFAULT_PACKING_CATEGORY,
          quantity: item.quantity ?? 1,
          note: item.note ?? "",
          createdBy: byUserId,
          // One add keeps its order on reading (oldest first).
          createdAt: new Date(Date.now() + index),
        })),
      )
      .returning();
    return { value: rows.map(toPackingItemDto), version };
  });
}

async function assertAssignable(db: Db, trip: TripRow, list: PackingListRow, userId: string) {
  if (list.kind !== "shared")
    throw invalid([{ path: ["assignedTo"], message: ASSIGN_SHARED_ONLY }]);
  const people = await tripPeople(db, trip);
  if (!people.some((p) => p.userId === userId))
    throw invalid([{ path: ["assignedTo"], message: ASSIGN_MEMBERS_ONLY }]);
}

export async function updateItem(
  deps: PackingDeps,
  trip: TripRow,
  byUserId: string,
  itemId: string,
  patch: ItemPatch,
): Promise<PackingItem> {
  const { item, list } = await findItem(deps.db, trip.id, itemId);
  assertMayUse(list, byUserId);
  if (patch.assignedTo) await assertAssignable(deps.db, trip, list, patch.assignedTo);
  return committed(deps, trip.id, async (tx) => {
    const version = await bumpTrip(
      tx,
      trip,
      byUserId,
      `Changed a packing item: ${patch.name ?? item.name}`,
    );
    const [row] = await tx
      .update(packingItems)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.category !== undefined
          ? { category: patch.category || DEFAULT_PACKING_CATEGORY }
          : {}),
        ...(patch.quantity !== undefined ? { quantity: patch.quantity } : {}),
        ...(patch.note !== undefined ? { note: patch.note } : {}),
        ...(patch.assignedTo !== undefined ? { assignedTo: patch.assignedTo } : {}),
      })
      .where(eq(packingItems.id, item.id))
      .returning();
    if (!row) throw notFound(PACKING_ITEM_NOT_FOUND);
    return { value: toPackingItemDto(row), version };
  });
}

export async function deleteItem(
  deps: PackingDeps,
  trip: TripRow,
  byUserId: string,
  itemId: string,
): Promise<void> {
  const { item, list } = await findItem(deps.db, trip.id, itemId);
  assertMayUse(list, byUserId);
  await committed(deps, trip.id, async (tx) => {
    const version = await bumpTrip(
      tx,
      trip,
      byUserId,
      `Removed from the packing list: ${item.name}`,
    );
    const gone = await tx.delete(packingItems).where(eq(packingItems.id, item.id)).returning();
    if (gone.length === 0) throw notFound(PACKING_ITEM_NOT_FOUND);
    return { value: undefined, version };
  });
}

/**
 * Ticks (or unticks) the caller's share of an item: on their own list the item, on the shared list
 * their key of `packedBy`. One key changes in SQL, so ticks of two people at once both count. Any
 * member may tick (a tick is not an edit of the trip); another member's personal list is 403.
 */
export async function tickItem(
  deps: PackingDeps,
  trip: TripRow,
  byUserId: string,
  itemId: string,
  packed: boolean,
): Promise<PackingItem> {
  const { item, list } = await findItem(deps.db, trip.id, itemId);
  assertMayUse(list, byUserId);
  return committed(deps, trip.id, async (tx) => {
    const version = await bumpTrip(
      tx,
      trip,
      byUserId,
      `${packed ? "Packed" : "Unpacked"}: ${item.name}`,
    );
    const [row] = await tx
      .update(packingItems)
      .set({
        packedBy: packed
          ? sql`${packingItems.packedBy} || jsonb_build_object(${byUserId}::text, true)`
          : sql`${packingItems.packedBy} - ${byUserId}::text`,
      })
      .where(eq(packingItems.id, item.id))
      .returning();
    if (!row) throw notFound(PACKING_ITEM_NOT_FOUND);
    return { value: toPackingItemDto(row), version };
  });
}
