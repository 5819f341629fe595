import type { PackingItem, PackingList } from "#shared/schemas/packing.ts";

/**
 * Whether an item counts as packed: on a personal list when its owner ticked it; on the shared list
 * when anyone did (whoever brings it for the group).
 */
export const isPacked = (list: Pick<PackingList, "kind" | "ownerId">, item: PackingItem) =>
  list.kind === "personal"
    ? list.ownerId !== null && item.packedBy[list.ownerId] === true
    : Object.keys(item.packedBy).length > 0;

/** "14 of 32 packed". */
export function progressOf(list: PackingList): { packed: number; total: number; text: string } {
  const packed = list.items.filter((item) => isPacked(list, item)).length;
  const total = list.items.length;
  return { packed, total, text: `${packed} of ${total} packed` };
}

/** The items by category, categories in the order they first appear. */
export function byCategory(items: readonly PackingItem[]): [string, PackingItem[]][] {
  const groups = new Map<string, PackingItem[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups.entries()];
}
