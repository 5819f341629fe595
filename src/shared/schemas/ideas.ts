import { z } from "zod";
import { OSM_ID_PATTERN } from "../constants.ts";
import { isoDateSchema, TIME_PATTERN } from "./itinerary.ts";
import { safeText } from "./safe-input.ts";
import {
  IDEA_NOTE_MAX_LENGTH,
  IDEA_TITLE_MAX_LENGTH,
  IDEA_URL_MAX_LENGTH,
} from "../idea-limits.ts";

/** Ideas on one trip: past this a list stops being one a group can read and vote on. */
export const MAX_IDEAS_PER_TRIP = 500;

export const IDEA_STATUSES = ["idea", "planned", "dismissed"] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];
export const IDEA_VOTES = ["up", "down"] as const;
export type IdeaVote = (typeof IDEA_VOTES)[number];

/** Where an idea is: a found place (from the place search, a map click or a link's coordinates). */
export const ideaPlaceSchema = z.object({
  name: safeText("Place name").trim().min(1, "Place name is required").max(200),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  osmId: z.string().regex(OSM_ID_PATTERN).nullable().default(null),
  openingHours: safeText("Opening hours").max(255).nullable().default(null),
});
export type IdeaPlace = z.output<typeof ideaPlaceSchema>;

export const ideaTitleSchema = safeText("Title")
  .trim()
  .min(1, "Title is required")
  .max(IDEA_TITLE_MAX_LENGTH, `Title must be at most ${IDEA_TITLE_MAX_LENGTH} characters`);

export const ideaNoteSchema = safeText("Note")
  .trim()
  .max(IDEA_NOTE_MAX_LENGTH, `Note must be at most ${IDEA_NOTE_MAX_LENGTH} characters`);

/** A link to read about it (a website, a Google Maps or OpenStreetMap address): http or https only. */
export const ideaUrlSchema = z
  .url({ protocol: /^https?$/, error: "Link must be an http or https address" })
  .max(IDEA_URL_MAX_LENGTH, `Link must be at most ${IDEA_URL_MAX_LENGTH} characters`);

/**
 * `POST /api/trips/:id/ideas`. With a link and no title (or no place), the server reads them from
 * the link (idea-link.ts); the form fills them in the same way as the link is typed.
 */
export const ideaInputSchema = z.object({
  title: ideaTitleSchema.optional(),
  note: ideaNoteSchema.optional(),
  url: ideaUrlSchema.nullable().optional(),
  place: ideaPlaceSchema.nullable().optional(),
});
export type IdeaInput = z.input<typeof ideaInputSchema>;

/** `PATCH /api/trips/:id/ideas/:ideaId`: any of the fields; null clears a link or a place. */
export const ideaPatchSchema = z
  .object({
    title: ideaTitleSchema.optional(),
    note: ideaNoteSchema.optional(),
    url: ideaUrlSchema.nullable().optional(),
    place: ideaPlaceSchema.nullable().optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "Nothing to change" });
export type IdeaPatch = z.input<typeof ideaPatchSchema>;

/** `POST …/ideas/:ideaId/vote`: null takes the caller's vote back. */
export const ideaVoteInputSchema = z.object({
  vote: z.enum(IDEA_VOTES, { error: 'Vote must be "up", "down" or null' }).nullable(),
});

/** `POST …/ideas/:ideaId/plan`: the day, and a time (else after the day's last activity). */
export const ideaPlanInputSchema = z.object({
  date: isoDateSchema,
  time: z.string().regex(TIME_PATTERN, "Time must be HH:MM").optional(),
});
export type IdeaPlanInput = z.infer<typeof ideaPlanInputSchema>;

export const ideaVoterSchema = z.object({
  userId: z.string(),
  name: z.string(),
  vote: z.enum(IDEA_VOTES),
});
export type IdeaVoter = z.infer<typeof ideaVoterSchema>;

export const ideaSchema = z.object({
  id: z.uuid(),
  tripId: z.uuid(),
  title: z.string(),
  note: z.string(),
  url: z.string().nullable(),
  place: ideaPlaceSchema.nullable(),
  addedBy: z.string().nullable(),
  addedByName: z.string().nullable(),
  addedAt: z.string(),
  /** Each member's vote, by user id. */
  votes: z.record(z.string(), z.enum(IDEA_VOTES)),
  /** The same votes with the voters' names, for "who voted". */
  voters: z.array(ideaVoterSchema),
  status: z.enum(IDEA_STATUSES),
  plannedActivityId: z.string().nullable(),
  plannedDate: z.string().nullable(),
});
export type Idea = z.infer<typeof ideaSchema>;

export const ideaResponseSchema = z.object({ idea: ideaSchema });
/** Sorted by votes (up minus down), ties by newest. */
export const ideasResponseSchema = z.object({ ideas: z.array(ideaSchema) });

/** Up minus down: the order of the list and the planner's preference. */
export const ideaScore = (votes: Record<string, IdeaVote>) =>
  Object.values(votes).reduce((sum, v) => sum + (v === "up" ? 1 : -1), 0);

/** Most voted first; ties by newest. */
export const byVotes = (a: Idea, b: Idea) =>
  ideaScore(b.votes) - ideaScore(a.votes) || b.addedAt.localeCompare(a.addedAt);
