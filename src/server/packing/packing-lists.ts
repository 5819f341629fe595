import { and, asc, eq, inArray, or } from "drizzle-orm";
import {
  DEFAULT_PACKING_CATEGORY,
  type PackingItem,
  type PackingList,
  type PackingListKind,
} from "#shared/schemas/packing.ts";
import type { Db } from "../db/database.ts";
import {
  packingItems,
  packingLists,
  type PackingItemRow,
  type PackingListRow,
} from "../db/schema.ts";
import { AppError, notFound } from "../lib/http-errors.ts";
import { isUuid } from "../lib/is-uuid.ts";

export const PACKING_LIST_NOT_FOUND = "Packing list not found";
export const PACKING_ITEM_NOT_FOUND = "Item not found";
export const NOT_YOUR_LIST = "This is another member's packing list";

export const notYourList = () => new AppError(403, "forbidden", NOT_YOUR_LIST);

export function toPackingItemDto(row: PackingItemRow): PackingItem {
  return {
    id: row.id,
    name: row.name,
    category: row.category || DEFAULT_PACKING_CATEGORY,
    quantity: row.quantity,
    packedBy: row.packedBy,
    assignedTo: row.assignedTo,
    note: row.note,
  };
}

/** The shared list, and the user's own: both made here the first time they are asked for. */
export async function ensureLists(db: Db, tripId: string, userId: string): Promise<void> {
  // ON CONFLICT with no target also covers the partial unique indexes: two first reads at once
  // make one list each, never two.
  await db
    .insert(packingLists)
    .values([
      { tripId, kind: "shared", ownerId: null },
      { tripId, kind: "personal", ownerId: userId },
    ])
    .onConflictDoNothing();
}

/** `GET /api/trips/:id/packing`: the shared list first, then the caller's own, items oldest first. */
export async function readPacking(
  db: Db,
  tripId: string,
  userId: string,
): Promise<{ lists: PackingList[] }> {
  await ensureLists(db, tripId, userId);
  const lists = await db
    .select()
    .from(packingLists)
    .where(
      and(
        eq(packingLists.tripId, tripId),
        or(eq(packingLists.kind, "shared"), eq(packingLists.ownerId, userId)),
      ),
    );
  lists.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "shared" ? -1 : 1));
  const items = await db
    .select()
    .from(packingItems)
    .where(
      inArray(
        packingItems.listId,
        lists.map((l) => l.id),
      ),
    )
    .orderBy(asc(packingItems.createdAt), asc(packingItems.id));
  return {
    lists: lists.map((list) => ({
      id: list.id,
      kind: list.kind as PackingListKind,
      ownerId: list.ownerId,
      items: items.filter((i) => i.listId === list.id).map(toPackingItemDto),
    })),
  };
}

/** A list of this trip, or 404 (a malformed id, or another trip's list, reads as missing). */
export async function findList(db: Db, tripId: string, listId: string): Promise<PackingListRow> {
  if (!isUuid(listId)) throw notFound(PACKING_LIST_NOT_FOUND);
  const [row] = await db
    .select()
    .from(packingLists)
    .where(and(eq(packingLists.id, listId), eq(packingLists.tripId, tripId)))
    .limit(1);
  if (!row) throw notFound(PACKING_LIST_NOT_FOUND);
  return row;
}

export async function findItem(
  db: Db,
  tripId: string,
  itemId: string,
): Promise<{ item: PackingItemRow; list: PackingListRow }> {
  if (!isUuid(itemId)) throw notFound(PACKING_ITEM_NOT_FOUND);
  const [row] = await db
    .select({ item: packingItems, list: packingLists })
    .from(packingItems)
    .innerJoin(packingLists, eq(packingLists.id, packingItems.listId))
    .where(and(eq(packingItems.id, itemId), eq(packingItems.tripId, tripId)))
    .limit(1);
  if (!row) throw notFound(PACKING_ITEM_NOT_FOUND);
  return row;
}

/** The shared list, or the member's own: anyone else's personal list is theirs alone (403). */
export function assertMayUse(list: PackingListRow, userId: string): void {
  if (list.kind === "shared" || list.ownerId === userId) return;
  throw notYourList();
}
