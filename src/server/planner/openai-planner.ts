import type { ItineraryGenerator } from "./itinerary-generator.ts";
import type { ModelClient } from "../services/llm/model-client.ts";
import { regenerateDayWithModel, repairDaysWithModel } from "./model-day-edits.ts";
import { planTripWithModel } from "./model-trip-plan.ts";

type PlannerOptions = {
  /** Trips up to this many days are one call; the benchmark's single-call baseline raises it. */
  singleCallMaxDays?: number;
};

/** Any OpenAI-compatible chat-completions service: an outline call, then the days in parallel batches. */
export function createOpenAiPlanner(
  client: ModelClient,
  options: PlannerOptions = {},
): ItineraryGenerator {
  return {
    mode: "online",
    generate: (request, generateOptions) =>
      planTripWithModel(client, request, generateOptions, options.singleCallMaxDays),
    regenerateDay: (input, { signal }) => regenerateDayWithModel(client, input, signal),
    repairDays: (input, { signal }) => repairDaysWithModel(client, input, signal),
  };
}
