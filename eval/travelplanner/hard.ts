import { findAccommodations, findRestaurants, flightNumberOf, roadCost } from "./lookups.ts";
import { fromTo, isSet, nameCity } from "./plan-text.ts";
import type { Sandbox } from "./sandbox.ts";
import type { Check, PlanDay, TravelPlannerQuery } from "./types.ts";

/** The five hard constraints of the official evaluation (EVAL_SPEC.md §3); unset ones are (null, null). */

const NOT_ASKED: Check = [null, null];
const ok: Check = [true, null];
const MEALS = ["breakfast", "lunch", "dinner"] as const;

const daysOf = (query: TravelPlannerQuery, plan: PlanDay[]) =>
  plan.slice(0, Math.min(query.days, plan.length));
const text = (day: PlanDay, key: string) => {
  const value = day[key];
  return typeof value === "string" ? value : "";
};

/** What the plan costs the whole party, as the official script adds it up; lookups finding nothing add 0. */
export function totalCost(query: TravelPlannerQuery, plan: PlanDay[], sandbox: Sandbox): number {
  const people = query.people_number;
  let total = 0;
  for (const day of daysOf(query, plan)) {
    const transport = text(day, "transportation");
    if (isSet(transport)) {
      const leg = fromTo(transport) ?? fromTo(text(day, "current_city"));
      const lower = transport.toLowerCase();
      if (leg) {
        if (lower.includes("flight number")) {
          const flight = sandbox.flightsByNumber.get(flightNumberOf(transport))?.[0];
          if (flight) total += flight.price * people;
        } else if (lower.includes("self-driving")) {
          total +=
            (roadCost(sandbox, leg.from, leg.to, "self-driving") ?? 0) * Math.ceil(people / 5);
        } else if (lower.includes("taxi")) {
          total += (roadCost(sandbox, leg.from, leg.to, "taxi") ?? 0) * Math.ceil(people / 4);
        }
      }
    }
    for (const meal of MEALS) {
      const value = text(day, meal);
      const restaurant = isSet(value) ? findRestaurants(sandbox, value)[0] : undefined;
      if (restaurant) total += restaurant.averageCost * people;
    }
    const stay = text(day, "accommodation");
    const room = isSet(stay) ? findAccommodations(sandbox, stay)[0] : undefined;
    if (room) total += room.price * Math.ceil(people / room.maximumOccupancy);
  }
  return total;
}

const HOUSE_RULES: Record<string, string> = {
  smoking: "No smoking",
  parties: "No parties",
  "children under 10": "No children under 10",
  visitors: "No visitors",
  pets: "No pets",
};

function stays(query: TravelPlannerQuery, plan: PlanDay[], sandbox: Sandbox) {
  return daysOf(query, plan)
    .map((day) => text(day, "accommodation"))
    .filter(isSet)
    .map((value) => findAccommodations(sandbox, value)[0])
    .filter((row) => row !== undefined);
}

export function validRoomRule(query: TravelPlannerQuery, plan: PlanDay[], sandbox: Sandbox): Check {
  const rule = query.local_constraint["house rule"];
  if (!rule) return NOT_ASKED;
  const forbidden = HOUSE_RULES[rule];
  if (forbidden && stays(query, plan, sandbox).some((row) => row.houseRules.includes(forbidden)))
    return [false, `The house rule should be ${rule}.`];
  return ok;
}

const ROOM_TYPES: Record<string, (roomType: string) => boolean> = {
  "not shared room": (t) => t !== "Shared room",
  "shared room": (t) => t === "Shared room",
  "private room": (t) => t === "Private room",
  "entire room": (t) => t === "Entire home/apt",
};

export function validRoomType(query: TravelPlannerQuery, plan: PlanDay[], sandbox: Sandbox): Check {
  const wanted = query.local_constraint["room type"];
  if (!wanted) return NOT_ASKED;
  const fits = ROOM_TYPES[wanted];
  if (fits && !stays(query, plan, sandbox).every((row) => fits(row.roomType)))
    return [false, `The room type should be ${wanted}.`];
  return ok;
}

export function validCuisine(query: TravelPlannerQuery, plan: PlanDay[], sandbox: Sandbox): Check {
  const wanted = query.local_constraint.cuisine;
  if (!wanted || wanted.length === 0) return NOT_ASKED;
  const seen = new Set<string>();
  for (const day of daysOf(query, plan)) {
    // The official loop leaves the rest of a day at its first meal in the origin city: kept.
    for (const meal of MEALS) {
      const value = text(day, meal);
      if (!isSet(value)) continue;
      if (nameCity(value).city === query.org) break;
      const restaurant = findRestaurants(sandbox, value)[0];
      if (restaurant) for (const c of wanted) if (restaurant.cuisines.includes(c)) seen.add(c);
    }
  }
  const missing = wanted.filter((c) => !seen.has(c));
  return missing.length === 0 ? ok : [false, `The cuisine ${missing.join(", ")} is not satisfied.`];
}

export function validTransportation(query: TravelPlannerQuery, plan: PlanDay[]): Check {
  const rule = query.local_constraint.transportation;
  if (!rule) return NOT_ASKED;
  const word = rule === "no flight" ? "Flight" : rule === "no self-driving" ? "Self-driving" : null;
  if (word && daysOf(query, plan).some((day) => text(day, "transportation").includes(word)))
    return [false, `The transportation should not be ${rule}.`];
  return ok;
}

export function validCost(total: number, query: TravelPlannerQuery): Check {
  return [total <= query.budget, null];
}
