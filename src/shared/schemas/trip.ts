import { z } from "zod";
import { TRAVEL_STYLES, TRIP_NAME_MAX_LENGTH, TRIP_ROLES } from "../constants.ts";
import { groundingSchema, itinerarySchema, tripPlaceSchema } from "./itinerary.ts";
import { safeText } from "./safe-input.ts";
import { DEFAULT_TRAVEL_MODE, travelModeSchema } from "./travel.ts";
import { tripRatesSchema } from "./trip-rates.ts";
import { DEFAULT_PARTY, spendingSchema, tripPartySchema } from "./trip-party.ts";
import { staySchema, transportSchema, tripStopSchema } from "./trip-stops.ts";

export { TRIP_NAME_MAX_LENGTH };

/** A trip's own name as its owner types it (PATCH); the destination stays what the planner searches. */
export const tripNameSchema = safeText("Name", { error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(TRIP_NAME_MAX_LENGTH, `Name must be at most ${TRIP_NAME_MAX_LENGTH} characters`);

/** A trip as the API returns it to its owner (camelCase; dates as YYYY-MM-DD; budget in USD). */
export const tripSchema = z.object({
  id: z.uuid(),
  /** The trip's own name, its destination until renamed; a copy is "<name> (copy)". */
  name: z.string(),
  destination: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  budget: z.number(),
  travelStyle: z.enum(TRAVEL_STYLES),
  interests: z.array(z.string()),
  itinerary: itinerarySchema,
  status: z.string(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  /** 1 when created, +1 on every saved change: edits name the version they are based on. */
  version: z.number().int().positive(),
  place: tripPlaceSchema.nullable(),
  /** The cities in order (one for a trip planned with a single destination and every older trip). */
  stops: z.array(tripStopSchema).min(1),
  /** Journeys between (and around) the stops; references are left out on the shared page. */
  transport: z.array(transportSchema),
  /** Where the travellers sleep, per stop; references are left out on the shared page. */
  stays: z.array(staySchema),
  grounding: groundingSchema,
  /**
   * The public page's path, `/shared/<token>` (a random token, never the trip id); null while the
   * trip is private. A new token at every share after an unshare.
   */
  sharePath: z.string().nullable(),
  /**
   * The currency balances and "who pays whom" are in (ISO 4217): chosen by a member, else the one
   * most of the expenses' value is in, USD with none or a tie.
   */
  settlementCurrency: z.string().default("USD"),
  /** How the legs between activities are chosen (issue 46); the defaults for older trips. */
  travelMode: travelModeSchema.default(DEFAULT_TRAVEL_MODE),
  /**
   * Who goes, from where, where they sleep, what they eat, what they avoid (issue 47); trips saved
   * before it read as DEFAULT_PARTY (one traveller, no origin).
   */
  party: tripPartySchema.default(DEFAULT_PARTY),
  /**
   * What the whole trip costs the party in USD: journeys, stays, meals, activities, booked prices
   * replacing estimates. Present where the trip is read through GET /api/trips/:id.
   */
  spending: spendingSchema.optional(),
  /** The reader's role on this trip: what the page offers (owner, editor) or only shows (viewer). */
  role: z.enum(TRIP_ROLES),
  /** Who the trip belongs to ("Shared by Alice"); never their id or e-mail. */
  owner: z.object({ name: z.string() }),
  /**
   * Exchange rates for the trip's currencies (1 USD = n units), or null when they cannot be had.
   * Absent where the trip is not read through GET /api/trips/:id (lists, the shared page).
   */
  rates: tripRatesSchema.optional(),
  /**
   * Activities of a new plan still waiting for the geocoder (placed one lookup a second, after the
   * trip opened): their pins arrive as the trip's live changes. Absent when none wait, and where
   * the trip is not read through GET or POST /api/trips (lists, the shared page).
   */
  placing: z.object({ remaining: z.number().int().positive() }).optional(),
  /**
   * Activities whose transit leg is still being asked after the save (issue 46): each arrives as a
   * live change; their day says "Working out travel times…" meanwhile. Absent when none wait.
   */
  travelPending: z.object({ activityIds: z.array(z.string()).min(1) }).optional(),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripResponseSchema = z.object({ trip: tripSchema });
