import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { OverBudgetBreakdown } from "#shared/schemas/trip-party.ts";
import { OVER_BUDGET_CODE, overBudgetMessage } from "#shared/schemas/trip-party.ts";

/*
 * One budget for the party (issue 47): journeys and stays as priced for the whole party, meals and
 * visits a person times the travellers.
 */

export type PartyCost = Omit<OverBudgetBreakdown, "budget">;

const cents = (usd: number) => Math.round(usd * 100) / 100;

export function partyCost(input: {
  journeys: readonly { totalPrice?: { amount: number } | null | undefined }[];
  stays: readonly { totalPrice?: { amount: number } | null | undefined }[];
  itinerary: Itinerary;
  travellers: number;
}): PartyCost {
  const sum = (items: readonly { totalPrice?: { amount: number } | null | undefined }[]) =>
    items.reduce((total, item) => total + (item.totalPrice?.amount ?? 0), 0);
  const activities = input.itinerary.days.flatMap((d) => d.activities);
  const each = (list: Activity[]) => list.reduce((t, a) => t + (a.cost ?? 0), 0);
  const journeys = cents(sum(input.journeys));
  const stays = cents(sum(input.stays));
  const meals = cents(each(activities.filter((a) => a.meal)) * input.travellers);
  const visits = cents(each(activities.filter((a) => !a.meal)) * input.travellers);
  return {
    journeys,
    stays,
    meals,
    activities: visits,
    total: cents(journeys + stays + meals + visits),
  };
}

/**
 * The plan with paid visits left out, dearest first, until `overBy` USD (for the whole party) is
 * saved or none is left. Meals and booked activities stay.
 */
export function withoutPaidVisits(
  itinerary: Itinerary,
  overBy: number,
  travellers: number,
): Itinerary {
  const paid = itinerary.days
    .flatMap((d) => d.activities)
    .filter((a) => !a.meal && !a.booked && (a.cost ?? 0) > 0)
    .sort((a, b) => (b.cost ?? 0) - (a.cost ?? 0) || a.id.localeCompare(b.id));
  const dropped = new Set<string>();
  let saved = 0;
  for (const a of paid) {
    if (saved >= overBy) break;
    dropped.add(a.id);
    saved += (a.cost ?? 0) * travellers;
  }
  return {
    days: itinerary.days.map((d) => ({
      ...d,
      activities: d.activities.filter((a) => !dropped.has(a.id)),
    })),
  };
}

/** No plan meeting the needs fits the budget: the planner's refusal, with the cheapest one's cost. */
export class OverBudgetError extends Error {
  override name = "OverBudgetError";
  readonly code = OVER_BUDGET_CODE;
  constructor(readonly breakdown: OverBudgetBreakdown) {
    super(overBudgetMessage(breakdown.total, breakdown.budget));
  }
}
