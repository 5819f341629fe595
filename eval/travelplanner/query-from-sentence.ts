import type { Gazetteer } from "#server/planner/sentence/sentence-places.ts";
import type { TripSentence } from "#server/planner/sentence/read-trip-sentence.ts";
import type { LodgingKind, LodgingNeed } from "#shared/trip-party.ts";
import type { Sandbox } from "./sandbox.ts";
import type { TravelPlannerQuery } from "./types.ts";

/** The sandbox's places, as the sentence reader's gazetteer: its cities and their states. */
export function sandboxGazetteer(sandbox: Sandbox): Gazetteer {
  const names = new Set<string>([...sandbox.cityStates.keys(), ...sandbox.cityStates.values()]);
  return { has: (name) => names.has(name) };
}

const HOUSE_RULE: Record<LodgingNeed, string> = {
  pets: "pets",
  "children-under-10": "children under 10",
  smoking: "smoking",
  visitors: "visitors",
  parties: "parties",
};
const ROOM_TYPE: Partial<Record<LodgingKind, string>> = {
  "entire-home": "entire room",
  "private-room": "private room",
  "shared-room": "shared room",
  "not-shared": "not shared room",
};

const datesFrom = (start: string, days: number) =>
  Array.from({ length: days }, (_, i) =>
    new Date(Date.parse(start) + i * 86_400_000).toISOString().slice(0, 10),
  );

/**
 * The benchmark's structured fields as Boundless read them from the sentence alone: what the
 * `--input sentence` protocol hands the planner, and what the reader's test compares field by field.
 */
export function queryFromSentence(
  sentence: TripSentence,
): Omit<TravelPlannerQuery, "query" | "level" | "idx"> {
  const days = sentence.days ?? 0;
  return {
    org: sentence.origin ?? "",
    dest: sentence.destination ?? "",
    days,
    visiting_city_number: sentence.cityCount ?? Math.max(1, sentence.stops.length),
    date: sentence.startDate ? datesFrom(sentence.startDate, days) : [],
    people_number: sentence.travellers ?? 1,
    local_constraint: {
      "house rule": sentence.lodgingNeeds[0] ? HOUSE_RULE[sentence.lodgingNeeds[0]] : null,
      cuisine: sentence.cuisines.length > 0 ? [...sentence.cuisines] : null,
      "room type": (sentence.lodgingKind && ROOM_TYPE[sentence.lodgingKind]) ?? null,
      transportation: sentence.avoid.includes("flights")
        ? "no flight"
        : sentence.avoid.includes("driving")
          ? "no self-driving"
          : null,
    },
    budget: sentence.budget ?? 0,
  };
}
