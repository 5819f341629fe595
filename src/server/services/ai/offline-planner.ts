import type { Interest, TravelStyle } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { ActivityDraft, Itinerary } from "#shared/schemas/itinerary.ts";
import { toActivity } from "../../lib/activity.ts";
import { tripDates, type TripRequest } from "#shared/schemas/trip-request.ts";
import { CATALOGUE, type Slot } from "./offline-catalogue.ts";
import { GenerationError, type ItineraryGenerator } from "./itinerary-generator.ts";
import { itineraryProblems } from "./validate-itinerary.ts";

const SLOTS: { slot: Slot; time: string }[] = [
  { slot: "morning", time: "09:00" },
  { slot: "afternoon", time: "14:00" },
  { slot: "evening", time: "19:00" },
];

const STYLE_FACTOR: Record<TravelStyle, number> = { luxury: 2.5, comfort: 1, budget: 0.5 };

/** Activities may use at most this share of the budget; the rest is left for lodging and transport. */
const ACTIVITY_SHARE = 0.6;

function themeFor(interests: readonly (Interest | "General")[], index: number) {
  const interest = interests[index % interests.length] ?? "General";
  return interest === "General" ? "Getting to know the city" : `${interest} day`;
}

/** A template plan from interests, style, budget and dates: no network, no invented venue names. */
export function planOffline(request: TripRequest): Itinerary {
  const dates = tripDates(request.startDate, request.endDate);
  const pools: (Interest | "General")[] =
    request.interests.length > 0 ? [...request.interests] : ["General"];
  const factor = STYLE_FACTOR[request.travelStyle];

  const days = dates.map((date, dayIndex) => ({
    date,
    activities: SLOTS.map(({ slot, time }, slotIndex): ActivityDraft => {
      const interest = pools[(dayIndex + slotIndex) % pools.length] ?? "General";
      const options = CATALOGUE[interest][slot];
      const pick = options[Math.floor(dayIndex / pools.length) % options.length] ?? options[0];
      if (!pick) throw new Error(`catalogue has no ${slot} entry for ${interest}`);
      return {
        time,
        activity: pick.activity,
        location: `${pick.where}, ${request.destination}`,
        description: pick.description,
        cost: pick.cost * factor,
      };
    }),
  }));

  // Scale every cost down together when the plan would exceed its share of the budget.
  const total = days.reduce((sum, d) => sum + d.activities.reduce((s, a) => s + a.cost, 0), 0);
  const cap = request.budget * ACTIVITY_SHARE;
  const scale = total > cap ? cap / total : 1;
  return {
    days: days.map((day) => ({
      date: day.date,
      activities: day.activities.map((a) => toActivity({ ...a, cost: Math.floor(a.cost * scale) })),
    })),
  };
}

export function createOfflinePlanner(): ItineraryGenerator {
  return {
    mode: "offline",
    generate(request, { signal, onEvent }) {
      if (signal.aborted) return Promise.reject(new GenerationError("aborted", "aborted"));
      const itinerary = planOffline(request);
      const dates = tripDates(request.startDate, request.endDate);
      if (itineraryProblems(itinerary, dates).length > 0)
        return Promise.reject(
          new GenerationError("ai_invalid_answer", MESSAGES.generateTripFailed),
        );
      const pools = request.interests.length > 0 ? request.interests : (["General"] as const);
      onEvent?.({
        type: "outline",
        days: dates.map((date, i) => ({ date, theme: themeFor(pools, i) })),
      });
      itinerary.days.forEach((day, index) => onEvent?.({ type: "day", index, day }));
      return Promise.resolve({
        itinerary,
        usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
      });
    },
  };
}
