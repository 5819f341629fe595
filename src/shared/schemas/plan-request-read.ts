import { z } from "zod";
import { safeText } from "./safe-input.ts";
import { tripRequestObjectSchema } from "./trip-request.ts";

/**
 * "Describe your trip" (issue 48): `POST /api/plan-request/read` `{ text }` → the plan request the
 * sentence describes, which words gave each field and what it could not tell.
 */

export const PLAN_SENTENCE_MAX_LENGTH = 2000;

export const planSentenceSchema = z.object({
  text: safeText("The description", { error: "Describe your trip first" })
    .trim()
    .min(1, "Describe your trip first")
    .max(
      PLAN_SENTENCE_MAX_LENGTH,
      `The description must be at most ${PLAN_SENTENCE_MAX_LENGTH.toLocaleString("en-US")} characters`,
    ),
});
export type PlanSentence = z.infer<typeof planSentenceSchema>;

/** The request's fields a sentence can give, named as the plan form names its inputs. */
export const PLAN_READ_FIELDS = [
  "origin",
  "destination",
  "stops",
  "startDate",
  "endDate",
  "travellers",
  "budget",
  "lodging.kind",
  "lodging.needs",
  "cuisines",
  "avoid",
  "interests",
  "travelStyle",
] as const;
export type PlanReadField = (typeof PLAN_READ_FIELDS)[number];

export const planRequestReadSchema = z.object({
  /** Checked by the plan form's (and POST /api/trips') own schema; never holds bookings. */
  request: tripRequestObjectSchema,
  understood: z.array(z.object({ field: z.enum(PLAN_READ_FIELDS), text: z.string() })),
  unsure: z.array(z.enum(PLAN_READ_FIELDS)),
});
export type PlanRequestRead = z.output<typeof planRequestReadSchema>;

/** The 422 answer's message when the sentence lacks what a plan needs ("…the dates and the budget"). */
export function unreadableMessage(missing: readonly string[]): string {
  const list =
    missing.length <= 1
      ? (missing[0] ?? "the trip")
      : `${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]}`;
  return `I could not tell ${list} from that. Say where and when you are going and the budget, e.g. "To Lisbon, May 3–10, $2,000".`;
}

export const PLAN_READ_MESSAGES = {
  rateLimited:
    "You are describing trips faster than we can read them. Please wait a few minutes and try again.",
} as const;
