import type { PackingResponse } from "#shared/schemas/packing.ts";
import { currentUserDataEpoch, PACKING_TICKS_WAITING_STORAGE_KEY } from "#web/lib/user-data.ts";

/**
 * Ticks made without a connection, by item: only the last one of an item is sent (a tick sets or
 * clears the sender's own mark, so replaying it later merges with everyone else's, item by item).
 */
export type WaitingTicks = Readonly<Record<string, boolean>>;

/** "Offline — 2 ticks waiting". */
export const waitingTicksText = (count: number) =>
  `Offline — ${count} ${count === 1 ? "tick" : "ticks"} waiting`;

/** The lists with the waiting ticks shown as made (the server has not heard of them yet). */
export function withWaitingTicks(
  data: PackingResponse,
  waiting: WaitingTicks,
  userId: string,
): PackingResponse {
  if (Object.keys(waiting).length === 0) return data;
  return {
    lists: data.lists.map((list) => ({
      ...list,
      items: list.items.map((item) => {
        const packed = waiting[item.id];
        if (packed === undefined) return item;
        const packedBy = { ...item.packedBy };
        if (packed) packedBy[userId] = true;
        else delete packedBy[userId];
        return { ...item, packedBy };
      }),
    })),
  };
}

// Session storage: this tab only, kept over a reload; cleared with the tab's other stores when its
// user signs out or another signs in (src/web/lib/user-data.ts).
type Stored = Record<string, Record<string, boolean>>;

function readAll(): Stored {
  try {
    const raw = sessionStorage.getItem(PACKING_TICKS_WAITING_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

export function loadTicks(tripId: string): WaitingTicks {
  const stored = readAll()[tripId];
  return stored && typeof stored === "object" ? stored : {};
}

/** Keeps the ticks waiting for `tripId`, unless the tab has since forgotten its user. */
export function storeTicks(tripId: string, ticks: WaitingTicks, epoch: number) {
  if (epoch !== currentUserDataEpoch()) return;
  try {
    const all = readAll();
    if (Object.keys(ticks).length === 0) delete all[tripId];
    else all[tripId] = { ...ticks };
    if (Object.keys(all).length === 0) sessionStorage.removeItem(PACKING_TICKS_WAITING_STORAGE_KEY);
    else sessionStorage.setItem(PACKING_TICKS_WAITING_STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage blocked or full: the ticks still wait in memory.
  }
}
