import { DEFAULT_LODGING_KIND } from "#shared/schemas/trip-party.ts";
import type { PlanReadField } from "#shared/schemas/plan-request-read.ts";
import { MAX_STOPS } from "#shared/schemas/trip-stops.ts";
import type { TripRequestInput } from "#shared/schemas/trip-request.ts";
import type { ReadSentence, SentenceField } from "./read-trip-sentence.ts";

/** Which request field each part of a read sentence fills. */
const REQUEST_FIELD: Record<SentenceField, PlanReadField> = {
  origin: "origin",
  destination: "destination",
  stops: "stops",
  cityCount: "destination",
  startDate: "startDate",
  endDate: "endDate",
  days: "endDate",
  travellers: "travellers",
  budget: "budget",
  lodgingKind: "lodging.kind",
  lodgingNeeds: "lodging.needs",
  cuisines: "cuisines",
  avoid: "avoid",
  interests: "interests",
  travelStyle: "travelStyle",
};

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The trip's nights shared among the cities in order, the first ones taking any remainder. */
export function shareNights(cities: readonly string[], nights: number) {
  const base = Math.floor(nights / cities.length);
  const extra = nights % cities.length;
  return cities.map((destination, i) => ({ destination, nights: base + (i < extra ? 1 : 0) }));
}

export type SentenceRequest = {
  /** The request as far as the sentence tells it: the plan form's fields. */
  request: Partial<TripRequestInput>;
  understood: { field: PlanReadField; text: string }[];
  unsure: PlanReadField[];
  /** What a plan needs that the sentence did not say, in words ("the dates"). */
  missing: string[];
};

/**
 * A read sentence as the plan request: several cities become stops sharing the nights, a length in
 * days with a start date gives the end date; the lodging kind stays the form's default unless said.
 */
export function planRequestFromSentence(read: ReadSentence): SentenceRequest {
  const s = read.sentence;
  const request: Partial<TripRequestInput> = {};
  if (s.origin) request.origin = s.origin;
  let endDate = s.endDate;
  if (s.startDate && !endDate && s.days) endDate = addDays(s.startDate, s.days - 1);
  if (s.startDate) request.startDate = s.startDate;
  if (endDate) request.endDate = endDate;
  const nights =
    s.startDate && endDate
      ? Math.round((Date.parse(endDate) - Date.parse(s.startDate)) / 86_400_000)
      : null;
  if (
    s.stops.length > 1 &&
    nights !== null &&
    nights >= s.stops.length &&
    s.stops.length <= MAX_STOPS
  ) {
    request.stops = shareNights(s.stops, nights);
  } else if (s.destination) request.destination = s.destination;
  if (s.travellers !== null) request.travellers = s.travellers;
  if (s.budget !== null) request.budget = s.budget;
  request.lodging = { kind: s.lodgingKind ?? DEFAULT_LODGING_KIND, needs: [...s.lodgingNeeds] };
  if (s.cuisines.length > 0) request.cuisines = [...s.cuisines];
  if (s.avoid.length > 0) request.avoid = [...s.avoid];
  if (s.interests.length > 0) request.interests = [...s.interests];
  if (s.travelStyle) request.travelStyle = s.travelStyle;

  const understood: SentenceRequest["understood"] = [];
  for (const { field, text } of read.understood) {
    const named = REQUEST_FIELD[field];
    const to = named === "destination" && request.stops ? "stops" : named;
    if (!understood.some((u) => u.field === to && u.text === text))
      understood.push({ field: to, text });
  }
  const unsure = [...new Set(read.unsure.map((f) => REQUEST_FIELD[f]))];
  const missing: string[] = [];
  if (!request.destination && !request.stops) missing.push("where you are going");
  if (!request.startDate || !request.endDate) missing.push("the dates");
  if (request.budget === undefined) missing.push("the budget");
  return { request, understood, unsure, missing };
}
