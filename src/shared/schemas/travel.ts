import { z } from "zod";

/** How a leg is travelled (issue 46); "drive" by road is a taxi when the party has no car. */
export const TRAVEL_MODES = ["walk", "transit", "bike", "drive"] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/** Where a leg's time comes from: the street router, the transit router, or a straight-line guess. */
export const TRAVEL_SOURCES = ["router", "transit", "estimate"] as const;

export const MAX_WALK_MINUTES_RANGE = { min: 1, max: 120 } as const;

const modeSchema = z.enum(TRAVEL_MODES, {
  error: (issue) => `Unknown mode "${String(issue.input)}"`,
});

/**
 * The leg that reaches an activity from the one before it (the first of a day from the night's
 * stay, when there is one). `summary` names the lines in order as the operator shows them
 * ("Métro 1 → Métro 4"), "Taxi" for a taxi by road time, null for a walk or a ride of one's own;
 * `departAt` is the transit departure (HH:MM, local), null otherwise.
 */
export const travelSchema = z.object({
  mode: z.enum(TRAVEL_MODES),
  minutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  meters: z.number().int().min(0).nullable(),
  source: z.enum(TRAVEL_SOURCES),
  summary: z.string().max(200).nullable(),
  departAt: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable(),
});
export type Travel = z.infer<typeof travelSchema>;

/** The trip's preferences for its legs: walk up to `maxWalkMinutes`, else the first mode allowed. */
export const travelModeSchema = z.object({
  maxWalkMinutes: z
    .number({ error: "maxWalkMinutes must be a number of minutes" })
    .int("maxWalkMinutes must be a whole number of minutes")
    .min(MAX_WALK_MINUTES_RANGE.min, "maxWalkMinutes must be between 1 and 120")
    .max(MAX_WALK_MINUTES_RANGE.max, "maxWalkMinutes must be between 1 and 120"),
  modes: z
    .array(modeSchema)
    .min(1, "Choose at least one mode")
    .max(TRAVEL_MODES.length)
    // A check, not a transform: assistants read this schema as JSON Schema (MCP), which has none.
    .refine((list) => new Set(list).size === list.length, "Name each mode once"),
});
export type TravelModePreferences = z.output<typeof travelModeSchema>;

export const DEFAULT_TRAVEL_MODE: TravelModePreferences = {
  maxWalkMinutes: 20,
  modes: ["walk", "transit"],
};

/** `PATCH /api/trips/:id` `setLegMode`: the traveller's mode for the leg reaching one activity. */
export const setLegModeSchema = z.object({ activityId: z.uuid(), mode: modeSchema });
