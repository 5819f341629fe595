/*
 * The TanStack Query keys of trips, shared by the features that read a trip or the list and those
 * that change them (a change marks the others' reads stale). Everything is under "trips".
 */

/** My Trips, whatever its filters. */
export const tripListKey = ["trips", "list"] as const;

/** A delete or a restore elsewhere marks it stale with the list. */
export const deletedTripsKey = ["trips", "deleted"] as const;

/** One trip's page. */
export const tripDetailKey = (id: string) => ["trips", "detail", id] as const;
