import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { clearOfflineData, clearOfflineReads } from "./offline.ts";

// Everything the browser keeps of one signed-in person, in one place, so that on a shared device
// nothing of theirs is left for whoever signs in next. A new per-user store is added here.

/** The assistant's conversation and open state (session storage, this tab only). */
export const CHAT_STORAGE_KEY = "boundless.chat.v1";
/**
 * The Home form's answers, kept while a visitor signs up or logs in and verifies, maybe in another
 * tab: local storage, for a day, as `{ savedAt, owner, values }` (owner: the user it belongs to,
 * null while typed signed out); gone on sign-out and when another user signs in.
 */
export const PLAN_DRAFT_STORAGE_KEY = "boundless:plan-trip-draft.v2";
export const PLAN_DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** A trip's edits made offline, waiting to be saved (session storage, this tab only). */
export const TRIP_EDITS_WAITING_STORAGE_KEY = "boundless.trip-edits-waiting.v1";

/** A trip's packing ticks made offline, waiting to be sent (session storage, this tab only). */
export const PACKING_TICKS_WAITING_STORAGE_KEY = "boundless.packing-ticks-waiting.v1";
/** Ideas added offline, waiting to be sent (session storage, this tab only). */
export const IDEAS_WAITING_STORAGE_KEY = "boundless.ideas-waiting.v1";

/** Every session storage entry that holds what someone typed or was told in this tab. */
const TAB_STORES = [
  CHAT_STORAGE_KEY,
  TRIP_EDITS_WAITING_STORAGE_KEY,
  PACKING_TICKS_WAITING_STORAGE_KEY,
  IDEAS_WAITING_STORAGE_KEY,
] as const;
/** Session storage: the user this tab last saw signed in; absent while nobody has been. */
const TAB_USER_KEY = "boundless.tab-user.v1";
/**
 * Local storage, as the service worker's cache is the whole device's, not one tab's: whose reads
 * that cache holds, "" for a signed-out visitor (shared trips only); absent when not known.
 */
const OFFLINE_OWNER_KEY = "boundless.offline-owner.v1";

// Storage can be blocked (privacy settings) or missing (the prerenderer runs in Node): then there
// is nothing kept to clear, and nothing to remember.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}
function write(storage: () => Storage, key: string, value: string | null) {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // See above.
  }
}
const tab = () => sessionStorage;
const device = () => localStorage;

/** The plan draft's owner, or undefined when there is no readable draft. */
function draftOwner(): string | null | undefined {
  const raw = read(device, PLAN_DRAFT_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const stored = JSON.parse(raw) as { owner?: unknown };
    return typeof stored.owner === "string" ? stored.owner : null;
  } catch {
    return undefined;
  }
}

/**
 * A signed-out visitor's draft becomes the first user's who signs in; anyone else (another user,
 * or nobody once its owner has signed out) loses it.
 */
function settlePlanDraft(userId: string | null) {
  const owner = draftOwner();
  if (owner === undefined) return;
  if (owner === null && userId !== null) {
    const raw = read(device, PLAN_DRAFT_STORAGE_KEY) ?? "{}";
    write(device, PLAN_DRAFT_STORAGE_KEY, JSON.stringify({ ...JSON.parse(raw), owner: userId }));
  } else if (owner !== null && owner !== userId) write(device, PLAN_DRAFT_STORAGE_KEY, null);
}

// Bumped whenever the tab's stores are cleared: what a mounted component holds in its own state
// (the open chat) is dropped with them, as the component is mounted afresh (useUserDataEpoch).
let epoch = 0;
const listeners = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};

const notify = () => {
  for (const listener of listeners) listener();
};

/** The epoch now, outside React: a component checks it before writing a store it copied. */
export const currentUserDataEpoch = () => epoch;

/** Changes each time the tab forgets a user: a key for components that copy a store into state. */
export const useUserDataEpoch = () =>
  useSyncExternalStore(
    subscribe,
    () => epoch,
    () => 0,
  );

// Until the page's first session check has answered, the tab's stores may be a previous user's:
// what restores itself unasked (a chat left open) waits for it, so it is never shown to the next.
let checked = false;
const markChecked = () => {
  if (checked) return;
  checked = true;
  notify();
};

/** True once this page's session check has answered (or failed: offline, the stores stay as they are). */
export const useSessionChecked = () =>
  useSyncExternalStore(
    subscribe,
    () => checked,
    () => false,
  );

/** The session check failed (no network): nothing is learnt, nothing is forgotten. */
export const noteSessionUnknown = markChecked;

/**
 * Forgets the tab's stores and, when given, the query cache's data (all but `keepQuery`'s, the
 * session check under way).
 */
function forgetTab(queryClient?: QueryClient, keepQuery?: QueryKey) {
  for (const key of TAB_STORES) write(tab, key, null);
  write(tab, TAB_USER_KEY, null);
  if (queryClient) {
    const kept = JSON.stringify(keepQuery);
    // Reset rather than removed: a page on screen is told, drops the data at once and asks again
    // (as whoever is signed in now); a removed query would stay on screen until something re-renders.
    void queryClient
      .resetQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== kept })
      .catch(() => undefined);
    queryClient.getMutationCache().clear();
  }
  epoch += 1;
  notify();
}

/**
 * Sign-out and account deletion, before their request: the chat, the drafts and the trips kept for
 * offline reading go even when the request then fails (offline, say). The page then reloads, which
 * empties the query cache.
 */
export async function forgetUserData() {
  forgetTab();
  write(device, PLAN_DRAFT_STORAGE_KEY, null);
  write(device, OFFLINE_OWNER_KEY, "");
  await clearOfflineData().catch(() => undefined);
}

/**
 * Each answer of the session check: no user, or another user than the tab last saw, forgets the
 * previous one's stores (tab and query cache); the offline cache's reads asked before the check
 * (`askedAt`, Date.now() as it went out) go whenever its owner is not the one signed in now. A
 * signed-out visitor's draft and chat are theirs once they log in, so the first user a tab sees
 * keeps them.
 */
export function noteSessionUser(
  userId: string | null,
  queryClient: QueryClient,
  sessionQuery: QueryKey,
  askedAt: number,
) {
  const tabUser = read(tab, TAB_USER_KEY);
  if (tabUser !== null && tabUser !== userId) forgetTab(queryClient, sessionQuery);
  if (userId !== null) write(tab, TAB_USER_KEY, userId);
  settlePlanDraft(userId);

  const owner = userId ?? "";
  if (read(device, OFFLINE_OWNER_KEY) !== owner) {
    write(device, OFFLINE_OWNER_KEY, owner);
    // Not awaited: the page goes on meanwhile, and the reads it asks for now are kept (they are
    // asked after the check, as this user). The session's own entry stays: the worker has just
    // replaced it with this very answer.
    void clearOfflineReads(askedAt).catch(() => undefined);
  }
  markChecked();
}

/** The signed-in user this tab last saw (null before the first session check). */
export const currentTabUserId = () => read(tab, TAB_USER_KEY);
