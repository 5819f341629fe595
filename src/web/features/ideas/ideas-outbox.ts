import type { IdeaInput } from "#shared/schemas/ideas.ts";
import { IDEAS_WAITING_STORAGE_KEY } from "#web/lib/user-data.ts";

/**
 * Ideas added while offline, kept in this tab (session storage, cleared on sign-out with the tab's
 * other stores, lib/user-data.ts) until they can be sent, in the order they were added.
 */
export type WaitingIdea = { id: string; tripId: string; input: IdeaInput };

function readAll(): WaitingIdea[] {
  try {
    const raw = sessionStorage.getItem(IDEAS_WAITING_STORAGE_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as WaitingIdea[]) : [];
  } catch {
    return [];
  }
}

function writeAll(list: WaitingIdea[]) {
  try {
    if (list.length === 0) sessionStorage.removeItem(IDEAS_WAITING_STORAGE_KEY);
    else sessionStorage.setItem(IDEAS_WAITING_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage blocked: the idea cannot wait; the form says it was not sent.
  }
}

export const waitingIdeas = (tripId: string) => readAll().filter((w) => w.tripId === tripId);

export function keepIdea(tripId: string, input: IdeaInput) {
  writeAll([...readAll(), { id: crypto.randomUUID(), tripId, input }]);
}

export function forgetIdea(id: string) {
  writeAll(readAll().filter((w) => w.id !== id));
}
