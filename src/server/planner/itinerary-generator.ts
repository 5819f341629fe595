import type { Day, Grounding, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Logger } from "../lib/logger.ts";
import type { ModelUsage } from "../services/llm/usage.ts";
import type { PlacesService } from "../services/places/places-service.ts";
import type { PromptPlace } from "./prompts.ts";
import type { DestinationLookup } from "../services/geo/geo-service.ts";
import type { DayWindows } from "./day-windows.ts";
import type { PlanningIdeas } from "./planning-ideas.ts";

/** One line of the plan per date, sent before the days so the browser can show what is coming. */
export type OutlineDay = { date: string; theme: string };

/**
 * `placed`: the day is made of real places already (the keyless planner's), so the caller neither
 * checks nor matches its places again. It never reaches the browser.
 */
export type GenerationEvent =
  | { type: "outline"; days: OutlineDay[] }
  | { type: "day"; index: number; day: Day; placed?: true }
  /** Real places near `name` are being looked up (`looking`), or the lookup has ended (`done`). */
  | { type: "places"; status: "looking" | "done"; name: string };

type GenerationUsage = ModelUsage;

/** Real places near the destination, asked for when first needed; undefined when places are off. */
export type CandidatesSource = () => Promise<readonly PromptPlace[]>;

/** What a planner that plans from real places itself (the keyless one) needs. */
export type Nearby = {
  /** The destination's lookup, resolving: its place, or why there is none. */
  place: Promise<DestinationLookup>;
  /** OpenStreetMap places; null when OVERPASS_URL=off. */
  places: PlacesService | null;
  logger?: Logger | undefined;
};

export type GenerateOptions = {
  /** Aborted when the browser goes away: every upstream call stops and nothing is saved. */
  signal: AbortSignal;
  onEvent?: (event: GenerationEvent) => void;
  /**
   * Real places near the destination for the traveller's interests, offered to a model (it should
   * prefer them and give their osmId); the keyless planner never asks for them.
   */
  candidates?: CandidatesSource | undefined;
  nearby?: Nearby | undefined;
  /**
   * Transfer days: the part of a date this city has (the morning before leaving, the rest after
   * arriving). The keyless planner plans inside it; other plans are trimmed to it afterwards.
   */
  windows?: DayWindows | undefined;
};

/**
 * `fromRealPlaces`: the planner placed the plan itself (its `grounding` says how much is real), so the
 * caller does not locate, match or repair it. `grounding` without it: the reason real places could
 * not be had, for a plan that is still to be located.
 */
export type GeneratedItinerary = {
  itinerary: Itinerary;
  usage: GenerationUsage;
  grounding?: Grounding;
  fromRealPlaces?: boolean;
};

/** One day of a saved trip planned again; the rest of the trip is context (no place twice). */
export type RegenerateDayInput = {
  request: TripRequest;
  itinerary: Itinerary;
  date: string;
  /** The traveller's wish ("more relaxed", "rainy day, indoors"), at most 300 characters. */
  instruction?: string | undefined;
  /** Real places to offer the model (see GenerateOptions.candidates). */
  candidates?: CandidatesSource | undefined;
  /** Where the trip is (resolved) and its real places, for the keyless planner. */
  place?: TripPlace | null | undefined;
  nearby?: Omit<Nearby, "place"> | undefined;
  /** A transfer day: the part of it this city has (see GenerateOptions.windows). */
  windows?: DayWindows | undefined;
  /** The trip's ideas: up-voted ones preferred, dismissed ones never planned (keyless: by place; a model: in its prompt). */
  ideas?: PlanningIdeas | undefined;
};

/** Days of a generated plan sent back to the model with what is unrealistic about them. */
export type RepairDaysInput = {
  request: TripRequest;
  itinerary: Itinerary;
  /** The days to plan again (dates of `itinerary`), each with its warnings in words. */
  days: { date: string; problems: string[] }[];
  /** Real places to offer the model (see GenerateOptions.candidates). */
  candidates?: readonly PromptPlace[] | undefined;
};

/**
 * Plans a trip: the model planner, or the keyless one (real places, the catalogue when they cannot
 * be had). Implementations return only an itinerary that passed `validateItinerary`.
 */
export type ItineraryGenerator = {
  /** Reported to the browser ("offline" is the keyless planner); callers never branch on it. */
  readonly mode: "online" | "offline";
  generate(request: TripRequest, options: GenerateOptions): Promise<GeneratedItinerary>;
  /**
   * A fresh day for `date` (at least one activity, fresh ids); nothing is saved. `note`: what the
   * planner made of the instruction when it cannot simply follow it (the keyless one).
   */
  regenerateDay(
    input: RegenerateDayInput,
    options: { signal: AbortSignal },
  ): Promise<{ day: Day; usage: GenerationUsage; fromRealPlaces?: boolean; note?: string | null }>;
  /**
   * One call asking for corrected versions of `input.days` (same dates, fresh ids), in their order.
   * The keyless planner returns the days unchanged: it has nobody to ask.
   */
  repairDays(
    input: RepairDaysInput,
    options: { signal: AbortSignal },
  ): Promise<{ days: Day[]; usage: GenerationUsage }>;
};
