import { z } from "zod";
import { INTERESTS, REGENERATE_INSTRUCTION_MAX_LENGTH } from "../constants.ts";
import { activitySchema, daySchema, isoDateSchema } from "./itinerary.ts";
import { MAX_ACTIVITIES_PER_DAY } from "../constants.ts";
import { currencySchema } from "./expenses.ts";
import { safeText } from "./safe-input.ts";
import { setLegModeSchema, travelModeSchema } from "./travel.ts";
import { destinationSchema, tripRequestObjectSchema } from "./trip-request.ts";
import { placeResultSchema } from "./places.ts";
import { tripNameSchema, tripSchema } from "./trip.ts";
import { saveReasonSchema, tripMergeConflictSchema } from "./trip-history.ts";
import {
  MAX_STAYS,
  MAX_STOPS,
  MAX_TRANSPORT,
  stayInputSchema,
  stopPatchSchema,
  transportInputSchema,
} from "./trip-stops.ts";

/**
 * An activity as the editor sends it: a new one has no id yet (the server assigns one); place fields
 * the editor does not know are null. Known ids keep their activity's identity across edits and moves.
 */
export const activityInputSchema = activitySchema.extend({
  id: activitySchema.shape.id.optional(),
  cost: activitySchema.shape.cost.default(null),
  // Left out: kept from the stored activity, or estimated by the server for a new one.
  durationMinutes: activitySchema.shape.durationMinutes.optional(),
  lat: activitySchema.shape.lat.default(null),
  lng: activitySchema.shape.lng.default(null),
  why: activitySchema.shape.why.default(null),
  osmId: activitySchema.shape.osmId.default(null),
  openingHours: activitySchema.shape.openingHours.default(null),
  website: activitySchema.shape.website.default(null),
});
export type ActivityInput = z.input<typeof activityInputSchema>;

export const dayInputSchema = z.object({
  date: isoDateSchema,
  activities: z
    .array(activityInputSchema)
    .max(MAX_ACTIVITIES_PER_DAY, `At most ${MAX_ACTIVITIES_PER_DAY} activities a day`),
});

const fields = tripRequestObjectSchema.shape;

/**
 * `PATCH /api/trips/:id`: the version the change is based on plus any of the trip's fields. The days
 * must be exactly the trip's dates in order (checked on the server against the dates after the change).
 */
export const tripPatchSchema = z.object({
  version: z.number().int().positive(),
  name: tripNameSchema.optional(),
  destination: destinationSchema.optional(),
  startDate: fields.startDate.optional(),
  endDate: fields.endDate.optional(),
  budget: fields.budget.optional(),
  travelStyle: z.enum(fields.travelStyle.unwrap().options).optional(),
  // Not `fields.interests`: its default would turn "not sent" into "no interests".
  interests: z
    .array(z.enum(INTERESTS, { error: "Unknown interest" }))
    .max(INTERESTS.length)
    .transform((list) => [...new Set(list)])
    .optional(),
  itinerary: z.object({ days: z.array(dayInputSchema).min(1) }).optional(),
  /**
   * The cities in order with their nights (their sum makes the trip's length): a known id keeps its
   * days, which move with it; a new city starts with empty days.
   */
  stops: z
    .array(stopPatchSchema)
    .min(1, "Add at least one city")
    .max(MAX_STOPS, `A trip can have at most ${MAX_STOPS} cities`)
    .optional(),
  /** Every journey (the whole list): known ids are kept, new ones get an id. */
  transport: z
    .array(transportInputSchema)
    .max(MAX_TRANSPORT, `A trip can have at most ${MAX_TRANSPORT} journeys`)
    .optional(),
  /** Every stay (the whole list), as for journeys. */
  stays: z
    .array(stayInputSchema)
    .max(MAX_STAYS, `A trip can have at most ${MAX_STAYS} stays`)
    .optional(),
  /**
   * The currency balances and "who pays whom" are in: a code chooses it, null goes back to the
   * currency most of the expenses' value is in (USD with none or a tie).
   */
  settlementCurrency: currencySchema.nullable().optional(),
  /** The leg reaching one activity by the traveller's mode (issue 46); re-routed with it. */
  setLegMode: setLegModeSchema.optional(),
  /** How legs are chosen on this trip: every leg is re-routed with the new preferences. */
  travelMode: travelModeSchema.optional(),
  /** What kind of save this is, for its line in the history (an edit when not sent). */
  reason: saveReasonSchema.optional(),
});
export type TripPatch = z.input<typeof tripPatchSchema>;

/**
 * A changed location several OpenStreetMap places could be ("Musée"): saved unmatched, and these
 * places offered so the traveller can say which one ("Did you mean …").
 */
export const placeChoiceSchema = z.object({
  activityId: z.uuid(),
  location: z.string(),
  places: z.array(placeResultSchema),
});
export type PlaceChoice = z.infer<typeof placeChoiceSchema>;

/** `PATCH /api/trips/:id` → 200: the saved trip, and choices for ambiguous new locations. */
export const tripPatchResponseSchema = z.object({
  trip: tripSchema,
  placeChoices: z.array(placeChoiceSchema).default([]),
});
export type TripPatchResponse = z.infer<typeof tripPatchResponseSchema>;

/** 409 for a stale `version`: nothing was written; `trip` is the current one. */
export const tripConflictSchema = z.object({
  error: z.object({ code: z.literal("conflict"), message: z.string() }),
  trip: tripSchema,
  /** What the stale change and the changes saved since both touched (empty: none could be read). */
  conflicts: z.array(tripMergeConflictSchema).optional(),
});
export type TripConflict = z.infer<typeof tripConflictSchema>;

/** `POST /api/trips/:id/days/:date/regenerate` */
export const regenerateDayRequestSchema = z.object({
  instruction: safeText("The instruction")
    .trim()
    .max(
      REGENERATE_INSTRUCTION_MAX_LENGTH,
      `Instructions can be at most ${REGENERATE_INSTRUCTION_MAX_LENGTH} characters`,
    )
    .optional(),
  /**
   * A transfer day with a booked journey: only the rest of the day after its arrival is planned, in
   * the arrival city ("Plan the afternoon in Lyon"); what comes before the arrival is kept.
   */
  afterArrival: z.boolean().optional(),
});
export type RegenerateDayRequest = z.input<typeof regenerateDayRequestSchema>;

/** A day the model proposes; nothing is saved until the traveller accepts it through PATCH. */
export const dayProposalSchema = daySchema;

export const regenerateDayResponseSchema = z.object({
  proposal: dayProposalSchema,
  /** The trip version the proposal was made from: Accept sends it with the PATCH. */
  version: z.number().int().positive(),
  /**
   * Without an AI provider: which parts of the instruction were used ("Used: indoors, fewer
   * stops."), or that free-form instructions need a provider. Null with a model or no instruction.
   */
  note: z.string().nullable().default(null),
  /** The trip's ideas the proposal visits (its up-voted ones are preferred), most voted first. */
  ideasUsed: z.array(z.object({ id: z.string(), title: z.string() })).default([]),
});
export type RegenerateDayResponse = z.infer<typeof regenerateDayResponseSchema>;

/** "Rename trip": the name alone, as `PATCH /api/trips/:id` checks it (the same `tripNameSchema`). */
export const tripRenameSchema = z.object({ name: tripNameSchema });
export type TripRename = z.input<typeof tripRenameSchema>;

/** `POST /api/trips/:id/duplicate` */
export const duplicateTripRequestSchema = z.object({ startDate: fields.startDate });
export type DuplicateTripRequest = z.input<typeof duplicateTripRequestSchema>;

/**
 * What the assistant proposes for the open trip: the changed days in full, based on `version`.
 * Applied only when the traveller accepts it (merged into the itinerary and sent through PATCH).
 */
export const tripProposalSchema = z.object({
  tripId: z.uuid(),
  version: z.number().int().positive(),
  summary: z.string().max(500),
  days: z.array(daySchema).min(1),
});
export type TripProposal = z.infer<typeof tripProposalSchema>;
