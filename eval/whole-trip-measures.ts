import type { PlanTripResult } from "#server/planner/planning-types.ts";
import { meetsParty } from "#server/planner/plan-stays.ts";
import type { StayOffer } from "#server/sources/trip-sources.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";

/**
 * The whole trip's measures of one request (issue 47): the party's total against the budget,
 * whether every planned stay meets the party's lodging (kind, needs, nights, rooms) as its source
 * describes it, the cuisines asked for that a meal covers, and meals at a place already eaten at.
 */
export type WholeTripMeasures = {
  travellers: number;
  origin: string | null;
  /** The party's total in USD: journeys + stays + meals × travellers + visits × travellers. */
  partyTotal: number;
  budget: number;
  /** partyTotal over the budget (1 = exactly the budget). */
  budgetUse: number;
  journeys: number;
  stays: number;
  /** Stops with at least one night, and the planned stays among them. */
  stopsWithNights: number;
  /** Planned stays whose offer meets the party (kind, every need, nights, rooms). */
  staysMeetingNeeds: number;
  needsMet: boolean;
  cuisinesAsked: string[];
  cuisinesCovered: string[];
  /** Meals at a place the trip already ate at. */
  mealRepeats: number;
};

export function measureWholeTrip(
  request: TripRequest,
  result: PlanTripResult,
  offersByStop: readonly (readonly StayOffer[])[],
): WholeTripMeasures {
  const party = {
    travellers: request.travellers,
    lodging: request.lodging,
  };
  const stays = result.stays ?? [];
  const meeting = stays.filter((stay) => {
    const offer = offersByStop[stay.stopIndex]?.find((o) => o.osmId === stay.osmId);
    return offer !== undefined && meetsParty(offer, party, stay.nights ?? 1);
  });
  const stopsWithNights = (result.stops ?? []).filter((s) => s.endDate > s.startDate).length;
  const cost = result.wholeTrip?.cost;
  const covered = result.wholeTrip?.covered ?? [];
  const total = cost?.total ?? 0;
  return {
    travellers: request.travellers,
    origin: request.origin ?? null,
    partyTotal: total,
    budget: request.budget,
    budgetUse: Math.round((total / request.budget) * 1000) / 1000,
    journeys: (result.transport ?? []).length,
    stays: stays.length,
    stopsWithNights,
    staysMeetingNeeds: meeting.length,
    needsMet: meeting.length === stays.length && stays.length === stopsWithNights,
    cuisinesAsked: [...request.cuisines],
    cuisinesCovered: request.cuisines.filter((c) => covered.includes(c)),
    mealRepeats: result.wholeTrip?.repeats ?? 0,
  };
}
