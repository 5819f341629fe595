import type { Interest, TravelStyle } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { ActivityDraft, Day, Itinerary } from "#shared/schemas/itinerary.ts";
import { toActivity } from "./activity.ts";
import { estimateDurationMinutes } from "./activity-duration.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { tripDates } from "#shared/trip-dates.ts";
import { CATALOGUE, type Slot } from "./catalogue.ts";
import type { ItineraryGenerator, RegenerateDayInput } from "./itinerary-generator.ts";
import { GenerationError } from "./generation-error.ts";
import { itineraryProblems } from "./validate-itinerary.ts";

const SLOTS: { slot: Slot; time: string }[] = [
  { slot: "morning", time: "09:00" },
  { slot: "afternoon", time: "14:00" },
  { slot: "evening", time: "19:00" },
];

/** The longest a template activity lasts: the slots are five hours apart, travel included. */
const SLOT_MAX_MINUTES = 240;

/** A template's length: its estimate, within its slot. */
const inSlot = (draft: ActivityDraft) => Math.min(SLOT_MAX_MINUTES, estimateDurationMinutes(draft));

const STYLE_FACTOR: Record<TravelStyle, number> = { luxury: 2.5, comfort: 1, budget: 0.5 };

/** Activities may use at most this share of the budget; the rest is left for lodging and transport. */
const ACTIVITY_SHARE = 0.6;

/**
 * The honest reason for a template activity: the interest it was picked for, or the style when the
 * traveller named no interest. No coordinates: the planner knows no venues, so it invents no pins.
 */
function whyFor(interest: Interest | "General", style: TravelStyle): string {
  return interest === "General"
    ? `A ${style} start to knowing the city`
    : `For your interest in ${interest}`;
}

function themeFor(interests: readonly (Interest | "General")[], index: number) {
  const interest = interests[index % interests.length] ?? "General";
  return interest === "General" ? "Getting to know the city" : `${interest} day`;
}

/** A template plan from interests, style, budget and dates: no network, no invented venue names. */
function planFromCatalogue(request: TripRequest): Itinerary {
  const dates = tripDates(request.startDate, request.endDate);
  const pools: (Interest | "General")[] =
    request.interests.length > 0 ? [...request.interests] : ["General"];
  const factor = STYLE_FACTOR[request.travelStyle];

  const days = dates.map((date, dayIndex) => ({
    date,
    activities: SLOTS.map(({ slot, time }, slotIndex): ActivityDraft & { why: string } => {
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
        why: whyFor(interest, request.travelStyle),
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
      activities: day.activities.map(({ why, ...a }) =>
        toActivity({ ...a, cost: Math.floor(a.cost * scale), durationMinutes: inSlot(a) }, { why }),
      ),
    })),
  };
}

const ALL_POOLS = Object.keys(CATALOGUE) as (Interest | "General")[];

/**
 * A fresh day from the catalogue: for each slot, the first template (the trip's interests first,
 * then the rest) that no day of the trip has yet, this day included, so Regenerate always changes
 * something. The instruction cannot be read without a model; the form says the planner is offline.
 */
function regenerateFromCatalogue(input: RegenerateDayInput): Day {
  const { request, itinerary, date } = input;
  const taken = new Set(
    itinerary.days.flatMap((day) => day.activities.map((a) => a.activity.trim().toLowerCase())),
  );
  const pools = [...new Set<Interest | "General">([...request.interests, "General", ...ALL_POOLS])];
  const factor = STYLE_FACTOR[request.travelStyle];
  const dayCount = Math.max(1, itinerary.days.length);
  const drafts = SLOTS.map(({ slot, time }, slotIndex): ActivityDraft & { why: string } => {
    const candidates = pools.flatMap((pool) =>
      CATALOGUE[pool][slot].map((template) => ({ ...template, pool })),
    );
    // Rotate by slot so a day with few interests still mixes them.
    const rotated = [...candidates.slice(slotIndex), ...candidates.slice(0, slotIndex)];
    const pick =
      rotated.find((c) => !taken.has(c.activity.toLowerCase())) ?? rotated[0] ?? candidates[0];
    if (!pick) throw new Error(`catalogue has no ${slot} entry`);
    taken.add(pick.activity.toLowerCase());
    return {
      time,
      activity: pick.activity,
      location: `${pick.where}, ${request.destination}`,
      description: pick.description,
      cost: pick.cost * factor,
      why: whyFor(pick.pool, request.travelStyle),
    };
  });
  // The day's share of the activity budget, like a generated plan.
  const cap = (request.budget * ACTIVITY_SHARE) / dayCount;
  const total = drafts.reduce((sum, a) => sum + a.cost, 0);
  const scale = total > cap ? cap / total : 1;
  return {
    date,
    activities: drafts.map(({ why, ...a }) =>
      toActivity({ ...a, cost: Math.floor(a.cost * scale), durationMinutes: inSlot(a) }, { why }),
    ),
  };
}

/** The catalogue as a planner: the keyless planner's fallback when real places cannot be had. */
export function createCataloguePlanner(): ItineraryGenerator {
  return {
    mode: "offline",
    generate(request, { signal, onEvent }) {
      if (signal.aborted) return Promise.reject(new GenerationError("aborted", "aborted"));
      const itinerary = planFromCatalogue(request);
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
    regenerateDay(input, { signal }) {
      if (signal.aborted) return Promise.reject(new GenerationError("aborted", "aborted"));
      return Promise.resolve({
        day: regenerateFromCatalogue(input),
        usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
      });
    },
    repairDays(input, { signal }) {
      if (signal.aborted) return Promise.reject(new GenerationError("aborted", "aborted"));
      // Nobody to ask: the days stay as they are, and their warnings are shown.
      const wanted = new Set(input.days.map((d) => d.date));
      return Promise.resolve({
        days: input.itinerary.days.filter((day) => wanted.has(day.date)),
        usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
      });
    },
  };
}
