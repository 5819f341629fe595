import { planRequestFromSentence } from "#server/planner/sentence/plan-request-from-sentence.ts";
import { readTripSentence } from "#server/planner/sentence/read-trip-sentence.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";
import type { Avoidable, Cuisine, LodgingKind, LodgingNeed } from "#shared/trip-party.ts";
import { CUISINES } from "#shared/trip-party.ts";
import { sandboxGazetteer } from "./query-from-sentence.ts";
import type { Sandbox } from "./sandbox.ts";
import type { TravelPlannerQuery } from "./types.ts";

/**
 * The plan request a benchmark query asks for (issue 48). `form`: from the structured fields, as a
 * traveller fills the plan form. `sentence`: from `query` alone through the product's own reader,
 * as the paper's models read only the query. `cityCount` is how many cities of the region
 * (`destination`, a state) the planner chooses when the request names no stops.
 */
export type BenchmarkRequest = { request: TripRequestInput; cityCount: number | null };

const KIND: Record<string, LodgingKind> = {
  "entire room": "entire-home",
  "private room": "private-room",
  "shared room": "shared-room",
  "not shared room": "not-shared",
};
const NEED: Record<string, LodgingNeed> = {
  pets: "pets",
  "children under 10": "children-under-10",
  smoking: "smoking",
  visitors: "visitors",
  parties: "parties",
};
const AVOID: Record<string, Avoidable> = { "no flight": "flights", "no self-driving": "driving" };

const isCuisine = (c: string): c is Cuisine => (CUISINES as readonly string[]).includes(c);

export function requestFromForm(q: TravelPlannerQuery): BenchmarkRequest {
  const c = q.local_constraint;
  const startDate = q.date[0] ?? "";
  const endDate = q.date[q.date.length - 1] ?? startDate;
  const oneCity = q.visiting_city_number === 1 && q.days <= 3;
  const need = c["house rule"] ? NEED[c["house rule"]] : undefined;
  const avoid = c.transportation ? AVOID[c.transportation] : undefined;
  return {
    request: {
      origin: q.org,
      // One city: the trip's single stop; a state: the planner chooses its cities and nights.
      destination: q.dest,
      ...(oneCity ? { stops: [{ destination: q.dest, nights: q.days - 1 }] } : {}),
      startDate,
      endDate,
      budget: q.budget,
      travellers: q.people_number,
      // No room type asked: any kind of place will do.
      lodging: {
        kind: (c["room type"] && KIND[c["room type"]]) || "any",
        needs: need ? [need] : [],
      },
      cuisines: (c.cuisine ?? []).filter(isCuisine),
      avoid: avoid ? [avoid] : [],
    },
    cityCount: oneCity ? null : q.visiting_city_number,
  };
}

/** Only the sentence, through the product's reader; null when it cannot tell a plan's essentials. */
export function requestFromSentence(
  q: TravelPlannerQuery,
  sandbox: Sandbox,
): BenchmarkRequest | null {
  // The benchmark's sentences give their year; today only places a date written without one.
  const read = readTripSentence(q.query, {
    today: q.date[0] ?? "2022-01-01",
    gazetteer: sandboxGazetteer(sandbox),
  });
  const { request, missing } = planRequestFromSentence(read);
  if (missing.length > 0) return null;
  const days = read.sentence.days ?? 0;
  const region =
    read.sentence.destination !== null &&
    sandbox.cityStates.has(read.sentence.destination) === false;
  return {
    request: {
      ...request,
      // The form's default is "not shared": a sentence that names no room type asks for none.
      lodging: { kind: read.sentence.lodgingKind ?? "any", needs: request.lodging?.needs ?? [] },
    } as TripRequestInput,
    cityCount: region ? (read.sentence.cityCount ?? 1) : days > 3 ? read.sentence.cityCount : null,
  };
}
