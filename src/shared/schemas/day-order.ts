import { z } from "zod";
import { dayProposalSchema } from "./trip-edit.ts";

/**
 * What "Order this day" found (issue 46): a shorter order to propose, the day already in the order
 * that travels least, or no order that keeps every visit open and every meal in its window.
 */
export const DAY_ORDER_OUTCOMES = ["reordered", "already-best", "no-order"] as const;
export type DayOrderOutcome = (typeof DAY_ORDER_OUTCOMES)[number];

/** What the day says when its order cannot be bettered. */
export const ALREADY_BEST_MESSAGE = "This day's order already travels least.";
/** What the day says when no order keeps its places open and its meals in their windows. */
export const NO_ORDER_MESSAGE =
  "No order of this day keeps every place open when it is reached and every meal in its window.";

const minutesSchema = z.number().int().min(0);

/**
 * `POST /api/trips/:id/days/:date/order` → 200: the day in the order that travels least, saved
 * nowhere (Accept sends it through PATCH with `version`, as a regenerated day). Booked activities
 * keep their times; the others take the day's start times in the new order, later when a leg, a
 * place's opening or a meal's window asks for it.
 */
export const dayOrderResponseSchema = z.object({
  outcome: z.enum(DAY_ORDER_OUTCOMES),
  /** The proposed day (the current one unless `outcome` is "reordered"), each leg in `travel`. */
  proposal: dayProposalSchema,
  /** The trip version the proposal was made from. */
  version: z.number().int().positive(),
  /** The day's time on the move, in the current order and in the proposed one. */
  travelMinutes: z.object({ before: minutesSchema.nullable(), after: minutesSchema }),
  /** Every order was tried (up to 8 activities that can move); a heuristic's answer beyond. */
  exact: z.boolean(),
  /** Some legs are estimates (a router off or unreachable): the order is as good as they are. */
  estimated: z.boolean(),
  /** What the day says beside the proposal. */
  message: z.string(),
});
export type DayOrderResponse = z.infer<typeof dayOrderResponseSchema>;
