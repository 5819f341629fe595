import { z } from "zod";
import { isoDateSchema } from "./itinerary.ts";
import { safeText } from "./safe-input.ts";

import {
  POLL_MAX_OPTIONS,
  POLL_MIN_OPTIONS,
  POLL_OPTION_MAX_LENGTH,
  POLL_QUESTION_MAX_LENGTH,
} from "./poll-limits.ts";

const textOption = z.object({
  text: safeText("Option")
    .trim()
    .min(1, "Option is required")
    .max(POLL_OPTION_MAX_LENGTH, `Option must be at most ${POLL_OPTION_MAX_LENGTH} characters`),
});
const dateRangeOption = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((o) => o.from <= o.to, {
    message: "The range must end on or after its start",
    path: ["to"],
  });
const ideaOption = z.object({ ideaId: z.uuid("Choose one of the trip's ideas") });

/** One choice: a text, a date range, or one of the trip's ideas. */
export const pollOptionInputSchema = z.union([textOption, dateRangeOption, ideaOption], {
  error: "Each option is a text, a date range (from, to) or an idea (ideaId)",
});
export type PollOptionInput = z.infer<typeof pollOptionInputSchema>;

export const pollInputSchema = z.object({
  question: safeText("Question")
    .trim()
    .min(1, "Question is required")
    .max(
      POLL_QUESTION_MAX_LENGTH,
      `Question must be at most ${POLL_QUESTION_MAX_LENGTH} characters`,
    ),
  options: z
    .array(pollOptionInputSchema)
    .min(POLL_MIN_OPTIONS, `A poll needs at least ${POLL_MIN_OPTIONS} options`)
    .max(POLL_MAX_OPTIONS, `A poll can have at most ${POLL_MAX_OPTIONS} options`),
  multiple: z.boolean().optional(),
  closesAt: z.iso
    .datetime({ offset: true, error: "Closing time must be a date and time" })
    .nullable()
    .optional(),
});
export type PollInput = z.input<typeof pollInputSchema>;

/** `POST …/polls/:pollId/vote`: the caller's choice (one unless the poll is multiple); [] takes it back. */
export const pollVoteInputSchema = z.object({
  optionIds: z
    .array(z.string().max(64))
    .max(POLL_MAX_OPTIONS, `At most ${POLL_MAX_OPTIONS} options`),
});
export type PollVoteInput = z.input<typeof pollVoteInputSchema>;

export const pollOptionSchema = z.object({
  id: z.string(),
  /** What the option says ("Lyon", "1–3 May", the idea's title). */
  label: z.string(),
  text: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  ideaId: z.string().nullable(),
  votes: z.number().int().nonnegative(),
  voters: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type PollOption = z.infer<typeof pollOptionSchema>;

export const pollSchema = z.object({
  id: z.uuid(),
  tripId: z.uuid(),
  question: z.string(),
  options: z.array(pollOptionSchema),
  multiple: z.boolean(),
  closesAt: z.string().nullable(),
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** The caller's own choice. */
  myVote: z.array(z.string()),
  /** How many people voted. */
  voterCount: z.number().int().nonnegative(),
});
export type Poll = z.infer<typeof pollSchema>;

export const pollResponseSchema = z.object({ poll: pollSchema });
/** Open polls first, then closed ones; newest first within each. */
export const pollsResponseSchema = z.object({ polls: z.array(pollSchema) });
