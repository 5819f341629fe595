import type { Db } from "../db/database.ts";
import { findTripFor, type TripFor } from "./trip-access.ts";

// The needs of history, restore, merge and live changes, through the one access seam.

/** Any member's trip (history, events), or 404 'Trip not found'. */
export const findTripToView = (db: Db, userId: string, id: string): Promise<TripFor> =>
  findTripFor(db, userId, id, "view");

/** A trip the user may change (PATCH, restore): 404 for strangers, 403 for viewers. */
export const findTripToEdit = (db: Db, userId: string, id: string): Promise<TripFor> =>
  findTripFor(db, userId, id, "edit");
