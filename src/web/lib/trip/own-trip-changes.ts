/**
 * Changes this tab made to a trip outside the editor (an expense added, edited or deleted): the
 * server answers them without the trip's new version, so the live stream's echo of each is matched
 * by count instead, and not announced back to the person who made it. An echo that never comes
 * (the stream was down) stops counting after a while, so it cannot hide someone else's change later.
 */
const ECHO_WITHIN_MS = 15_000;
const pending = new Map<string, number[]>();

/** Called when a save of this tab succeeded: one echo of it is expected on the live stream. */
export function expectOwnChange(tripId: string, now = Date.now()) {
  pending.set(tripId, [...(pending.get(tripId) ?? []), now]);
}

/** True (and counted off) when a live change is the echo of one of this tab's own saves. */
export function takeOwnChange(tripId: string, now = Date.now()): boolean {
  const fresh = (pending.get(tripId) ?? []).filter((at) => now - at < ECHO_WITHIN_MS);
  const taken = fresh.length > 0;
  if (fresh.length > 1) pending.set(tripId, fresh.slice(1));
  else pending.delete(tripId);
  return taken;
}

/** The mutation key prefix of such saves: the live hook waits for them to answer before it decides. */
export const ownChangeKey = (tripId: string) => ["trip-own-change", tripId] as const;
export const ownChangeMutationKey = (tripId: string, what: string) =>
  [...ownChangeKey(tripId), what] as const;
