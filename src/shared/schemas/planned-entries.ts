import { z } from "zod";
import { STAY_KINDS } from "../trip-party.ts";

/**
 * What "The whole trip" (issue 47) adds to journeys (`transport`) and stays: a planned entry (made
 * by the planner, not booked) and what it costs. All optional: journeys and stays saved before, and
 * those a traveller types or imports without a price, have none of them.
 */

const CURRENCY = /^[A-Z]{3}$/;

/** A price as the source gives it: a booking's `totalPrice` in its own currency, a plan's in USD. */
export const priceSchema = z.object({
  amount: z.number({ error: "Price must be a number" }).finite().nonnegative().max(10_000_000),
  currency: z.string().regex(CURRENCY, "Currency must be a three-letter code such as EUR"),
});
export type Price = z.infer<typeof priceSchema>;

export const planPriceFields = {
  /**
   * What the whole journey or stay costs the whole party: a booking's total (converted with the
   * day's rate for `spending`), or the planner's price in USD. Absent or null: not known.
   */
  totalPrice: priceSchema.nullable().optional(),
  /** Set on entries the planner proposed: planned, not booked (the page says so). */
  planned: z.boolean().optional(),
  /** True when the price (or the times) is an estimate rather than a listed offer or a booking. */
  estimated: z.boolean().optional(),
};

export const plannedJourneyFields = {
  /** Door to door, in minutes, when the source says (the journey's own zones make it exact). */
  durationMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
};

export const plannedStayFields = {
  /** What sort of place it is ("hotel", "entire-home"…); absent when not known. */
  kind: z.enum(STAY_KINDS).optional(),
  nights: z.number().int().min(1).max(60).optional(),
  /** Rooms (or whole homes) for the party: ceil(travellers / capacity). */
  rooms: z.number().int().min(1).max(40).optional(),
  /** USD a night for all those rooms. */
  pricePerNight: z.number().finite().nonnegative().max(1_000_000).optional(),
  /** Why the planner chose it ("allows pets; private rooms; closest to Day 2's visits"). */
  why: z.string().max(300).optional(),
};
