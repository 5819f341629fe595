import { z } from "zod";

/** A check's outcome as the official evaluation gives it: passed, failed or not asked, and why. */
export type Check = [boolean | null, string | null];

/** One day of a plan in the benchmark's format; values are strings, `days` a number. */
export type PlanDay = Record<string, unknown>;

/**
 * A benchmark query (one line of a TravelPlanner JSON-lines file). Other fields (`annotated_plan`,
 * `reference_information`, …) may be present and are ignored.
 */
export const travelPlannerQuerySchema = z.object({
  idx: z.number().int().optional(),
  org: z.string(),
  dest: z.string(),
  days: z.number().int().positive(),
  visiting_city_number: z.number().int().positive(),
  date: z.array(z.string()),
  people_number: z.number().int().positive(),
  local_constraint: z.object({
    "house rule": z.string().nullable().optional(),
    cuisine: z.array(z.string()).nullable().optional(),
    "room type": z.string().nullable().optional(),
    transportation: z.string().nullable().optional(),
  }),
  budget: z.number(),
  query: z.string(),
  level: z.string(),
});
export type TravelPlannerQuery = z.infer<typeof travelPlannerQuerySchema>;

export const COMMONSENSE_CHECKS = [
  "is_reasonable_visiting_city",
  "is_valid_restaurants",
  "is_valid_attractions",
  "is_valid_accommodation",
  "is_valid_transportation",
  "is_valid_information_in_current_city",
  "is_valid_information_in_sandbox",
  "is_not_absent",
] as const;
export const HARD_CHECKS = [
  "valid_cuisine",
  "valid_room_rule",
  "valid_transportation",
  "valid_room_type",
  "valid_cost",
] as const;
export type CommonsenseName = (typeof COMMONSENSE_CHECKS)[number];
export type HardName = (typeof HARD_CHECKS)[number];

/** A plan's evaluation: null parts where the official script gives none (nothing delivered; no hard result). */
export type PlanEvaluation = {
  commonsense: Record<CommonsenseName, Check> | null;
  hard: Record<HardName, Check> | null;
  error: string | null;
  total_cost?: number;
};
