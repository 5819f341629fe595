import type { Day, Itinerary } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { ModelUsage } from "../services/llm/usage.ts";
import type { PromptPlace } from "./prompts.ts";

/** One line of the plan per date, sent before the days so the browser can show what is coming. */
export type OutlineDay = { date: string; theme: string };

export type GenerationEvent =
  { type: "outline"; days: OutlineDay[] } | { type: "day"; index: number; day: Day };

export type GenerationUsage = ModelUsage;

export type GenerateOptions = {
  /** Aborted when the browser goes away: every upstream call stops and nothing is saved. */
  signal: AbortSignal;
  onEvent?: (event: GenerationEvent) => void;
  /**
   * Real places near the destination for the traveller's interests, offered to a model (it should
   * prefer them and give their osmId); the offline planner ignores them.
   */
  candidates?: readonly PromptPlace[] | undefined;
};

/** One day of a saved trip planned again; the rest of the trip is context (no place twice). */
export type RegenerateDayInput = {
  request: TripRequest;
  itinerary: Itinerary;
  date: string;
  /** The traveller's wish ("more relaxed", "rainy day, indoors"), at most 300 characters. */
  instruction?: string | undefined;
  /** Real places to offer the model (see GenerateOptions.candidates). */
  candidates?: readonly PromptPlace[] | undefined;
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

/** Plans a trip. Implementations return only an itinerary that passed `validateItinerary`. */
export type ItineraryGenerator = {
  readonly mode: "online" | "offline";
  generate(
    request: TripRequest,
    options: GenerateOptions,
  ): Promise<{ itinerary: Itinerary; usage: GenerationUsage }>;
  /** A fresh day for `date` (at least one activity, fresh ids); nothing is saved. */
  regenerateDay(
    input: RegenerateDayInput,
    options: { signal: AbortSignal },
  ): Promise<{ day: Day; usage: GenerationUsage }>;
  /**
   * One call asking for corrected versions of `input.days` (same dates, fresh ids), in their order.
   * The offline planner returns the days unchanged: it has nobody to ask.
   */
  repairDays(
    input: RepairDaysInput,
    options: { signal: AbortSignal },
  ): Promise<{ days: Day[]; usage: GenerationUsage }>;
};
