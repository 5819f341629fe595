import { z } from "zod";
import { DESTINATION_MAX_LENGTH } from "../constants.ts";
import {
  AVOIDABLE,
  CUISINES,
  LODGING_KINDS,
  LODGING_NEEDS,
  MAX_TRAVELLERS,
  type LodgingKind,
} from "../trip-party.ts";
import { safeText } from "./safe-input.ts";

/**
 * Who goes, from where, where they sleep, what they eat and how they will not travel ("The whole
 * trip", issue 47): the plan request's fields (form and route), stored on the trip as `party`.
 */

export const DEFAULT_LODGING_KIND: LodgingKind = "not-shared";

const dedupe = <T>(items: T[]) => [...new Set(items)];

export const originSchema = safeText("From")
  .trim()
  .max(DESTINATION_MAX_LENGTH, `From must be at most ${DESTINATION_MAX_LENGTH} characters`)
  // The form sends "" for "no journey from home": the same as leaving it out.
  .transform((value) => (value === "" ? null : value))
  .nullable();

export const TRAVELLERS_RANGE = `Travellers must be a whole number from 1 to ${MAX_TRAVELLERS}`;
export const travellersSchema = z
  .number({ error: TRAVELLERS_RANGE })
  .int(TRAVELLERS_RANGE)
  .min(1, TRAVELLERS_RANGE)
  .max(MAX_TRAVELLERS, TRAVELLERS_RANGE);

export const lodgingSchema = z.object({
  kind: z
    .enum(LODGING_KINDS, {
      error:
        "Where to stay must be any, hotel, entire-home, private-room, shared-room or not-shared",
    })
    .default(DEFAULT_LODGING_KIND),
  needs: z
    .array(
      z.enum(LODGING_NEEDS, {
        error:
          "The place must allow: choose from pets, children-under-10, smoking, visitors, parties",
      }),
    )
    .max(LODGING_NEEDS.length)
    .default([])
    .transform(dedupe),
});
export type Lodging = z.output<typeof lodgingSchema>;

export const cuisinesSchema = z
  .array(z.enum(CUISINES, { error: `Food we'd like: choose from ${CUISINES.join(", ")}` }))
  .max(CUISINES.length)
  .default([])
  .transform(dedupe);

export const avoidSchema = z
  .array(z.enum(AVOIDABLE, { error: "Avoid must be flights or driving" }))
  .max(AVOIDABLE.length)
  .default([])
  .transform(dedupe);

/** The request's whole-trip fields, all optional; left out they plan as before (one traveller). */
export const partyRequestFields = {
  origin: originSchema.optional(),
  travellers: travellersSchema.default(1),
  lodging: lodgingSchema.default({ kind: DEFAULT_LODGING_KIND, needs: [] }),
  cuisines: cuisinesSchema,
  avoid: avoidSchema,
};

/**
 * The party as a trip keeps it. Trips saved before issue 47 read as DEFAULT_PARTY: no origin, one
 * traveller, no lodging needs, no cuisines, nothing avoided.
 */
export const tripPartySchema = z.object({
  origin: z.string().nullable(),
  travellers: z.number().int().min(1).max(MAX_TRAVELLERS),
  lodging: z.object({ kind: z.enum(LODGING_KINDS), needs: z.array(z.enum(LODGING_NEEDS)) }),
  cuisines: z.array(z.enum(CUISINES)),
  avoid: z.array(z.enum(AVOIDABLE)),
});
export type TripParty = z.infer<typeof tripPartySchema>;

export const DEFAULT_PARTY: TripParty = {
  origin: null,
  travellers: 1,
  lodging: { kind: DEFAULT_LODGING_KIND, needs: [] },
  cuisines: [],
  avoid: [],
};

export const SPENDING_PARTS = ["journeys", "stays", "meals", "activities"] as const;
export type SpendingPart = (typeof SPENDING_PARTS)[number];

const usd = z.number().finite().nonnegative();

/** What the whole trip costs the party, in USD (`GET /api/trips/:id` `spending`). */
export const spendingSchema = z.object({
  journeys: usd,
  stays: usd,
  meals: usd,
  activities: usd,
  total: usd,
  /** True when any part is (wholly or partly) an estimate rather than a booked or listed price. */
  estimated: z.boolean(),
  /** Which parts hold an estimate, so the header can say which ("stays and journeys estimated"). */
  estimatedParts: z.array(z.enum(SPENDING_PARTS)),
});
export type Spending = z.infer<typeof spendingSchema>;

/**
 * The 422 `over_budget` answer's breakdown: the cheapest plan meeting the needs, which the budget
 * does not cover ("The cheapest trip that meets these needs costs about $2,340; the budget is $1,700.").
 */
export const overBudgetBreakdownSchema = z.object({
  journeys: usd,
  stays: usd,
  meals: usd,
  activities: usd,
  total: usd,
  budget: usd,
});
export type OverBudgetBreakdown = z.infer<typeof overBudgetBreakdownSchema>;

/** "$2,340": whole dollars with thousands separators, as the over-budget message writes them. */
const wholeDollars = (amount: number) => `$${Math.round(amount).toLocaleString("en-US")}`;

export const overBudgetMessage = (cheapest: number, budget: number) =>
  `The cheapest trip that meets these needs costs about ${wholeDollars(cheapest)}; the budget is ${wholeDollars(budget)}.`;

export const OVER_BUDGET_CODE = "over_budget";
