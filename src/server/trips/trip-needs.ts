import type { Db } from "../db/database.ts";
import type { TripRow } from "../db/schema.ts";
import { findOwnTrip } from "./trip-access.ts";

// One function per need of history, restore, merge and live changes. Until companions land they
// are the owner's checks; at the merge with roles each becomes findTripFor(db, userId, id, need).

/** Any member's trip (history, events), or 404 'Trip not found'. */
export const findTripToView = (db: Db, userId: string, id: string): Promise<TripRow> =>
  findOwnTrip(db, userId, id);

/** A trip the user may change (PATCH, restore), or 404 'Trip not found'. */
export const findTripToEdit = (db: Db, userId: string, id: string): Promise<TripRow> =>
  findOwnTrip(db, userId, id);
