import { z } from "zod";

/**
 * `GET /api/trips/:id/deletion` (owner): what goes with the trip when it is deleted, for the Delete
 * Trip dialog's second line.
 */
export const deletionSummarySchema = z.object({
  name: z.string(),
  expenses: z.number().int().nonnegative(),
  payments: z.number().int().nonnegative(),
  stays: z.number().int().nonnegative(),
  journeys: z.number().int().nonnegative(),
  /** The companions' names, in the order they joined: they lose access at once. */
  companions: z.array(z.string()),
  /** Shared: the public link stops working. */
  isPublic: z.boolean(),
});
export type DeletionSummary = z.infer<typeof deletionSummarySchema>;

/** One trip in "Recently deleted": restorable by its owner until `purgeAt`. */
export const deletedTripSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  destination: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  deletedAt: z.string(),
  /** When it is removed for good (TRIP_PURGE_DAYS after its deletion). */
  purgeAt: z.string(),
});
export type DeletedTrip = z.infer<typeof deletedTripSchema>;

/** `GET /api/trips/deleted`: the owner's deleted trips, the most recently deleted first. */
export const deletedTripsResponseSchema = z.object({ trips: z.array(deletedTripSchema) });
export type DeletedTripsResponse = z.infer<typeof deletedTripsResponseSchema>;
