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

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const names = (list: readonly string[]) =>
  list.length <= 1
    ? (list[0] ?? "")
    : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1] ?? ""}`;

/** "Paris · 4 expenses · 1 booked stay · Bruno Costa loses access · the public link stops working". */
export function deletionSummaryText(summary: DeletionSummary): string {
  const parts = [summary.name];
  if (summary.expenses > 0) parts.push(count(summary.expenses, "expense", "expenses"));
  if (summary.payments > 0) parts.push(count(summary.payments, "payment", "payments"));
  if (summary.stays > 0) parts.push(count(summary.stays, "booked stay", "booked stays"));
  if (summary.journeys > 0)
    parts.push(count(summary.journeys, "booked journey", "booked journeys"));
  if (summary.companions.length > 0)
    parts.push(
      `${names(summary.companions)} ${summary.companions.length === 1 ? "loses" : "lose"} access`,
    );
  if (summary.isPublic) parts.push("the public link stops working");
  return parts.join(" · ");
}

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
