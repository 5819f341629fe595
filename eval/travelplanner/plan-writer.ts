import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import type { Stay, Transport } from "#shared/schemas/trip-stops.ts";
import type { PlanDay } from "./types.ts";

/**
 * A Boundless plan written in the TravelPlanner plan format (EVAL_SPEC.md §0): one object a day with
 * `days, current_city, transportation, breakfast, attraction, lunch, dinner, accommodation`, meals
 * and stays as "Name, City", visits as "Name, City;" each, journeys as the benchmark spells them.
 */
export type ProductPlan = {
  /** Where the party leaves from and comes home to. */
  origin: string;
  stops: { destination: string }[];
  itinerary: { days: Day[] };
  transport: Transport[];
  stays: Stay[];
};

const clock = (localMinute: string) => localMinute.slice(11, 16);

function durationText(minutes: number) {
  return `${Math.floor(minutes / 60)} hours ${minutes % 60} mins`;
}

/** "Flight Number: F1, from A to B, Departure Time: 15:40, Arrival Time: 17:04", or a car's. */
export function journeyText(j: Transport): string {
  if (j.mode === "flight")
    return `Flight Number: ${j.number ?? "-"}, from ${j.from} to ${j.to}, Departure Time: ${clock(j.departAt)}, Arrival Time: ${clock(j.arriveAt)}`;
  // A car is a taxi when its carrier says so (the sandbox's taxi offers), else the party's own.
  const word = j.mode === "car" && /taxi/i.test(j.carrier ?? "") ? "Taxi" : "Self-driving";
  const parts = [`${word}, from ${j.from} to ${j.to}`];
  if (j.durationMinutes) parts.push(`duration: ${durationText(j.durationMinutes)}`);
  if (j.totalPrice) parts.push(`cost: ${Math.round(j.totalPrice.amount)}`);
  return parts.join(", ");
}

/**
 * The place's name: a planned meal keeps it as its location ("Lunch at X" at X, issue 47's
 * plan-meals), a visit as its title.
 */
const placeName = (a: Activity) => (a.meal ? a.location : a.activity);

export function writeBenchmarkPlan(plan: ProductPlan): PlanDay[] {
  return plan.itinerary.days.map((day, i) => {
    const journey = plan.transport
      .filter((j) => j.departAt.slice(0, 10) === day.date)
      .sort((a, b) => a.departAt.localeCompare(b.departAt))[0];
    const stopCity = plan.stops[day.stops?.[day.stops.length - 1] ?? 0]?.destination ?? "";
    // On a travel day what comes before the departure is in the city left, the rest where it
    // arrives; otherwise an activity is in its own stop (a day out of town keeps its city).
    const cityOf = (a: Activity) =>
      journey
        ? a.time < clock(journey.departAt)
          ? journey.from
          : journey.to
        : ((a.stopIndex !== undefined ? plan.stops[a.stopIndex]?.destination : undefined) ??
          stopCity);
    const meal = (which: "breakfast" | "lunch" | "dinner") => {
      const found = day.activities.find((a) => a.meal === which);
      return found ? `${placeName(found)}, ${cityOf(found)}` : "-";
    };
    const visits = day.activities.filter((a) => !a.meal);
    const stay = plan.stays.find((s) => s.checkIn <= day.date && day.date < s.checkOut);
    return {
      days: i + 1,
      current_city: journey ? `from ${journey.from} to ${journey.to}` : stopCity,
      transportation: journey ? journeyText(journey) : "-",
      breakfast: meal("breakfast"),
      attraction:
        visits.length > 0 ? visits.map((a) => `${placeName(a)}, ${cityOf(a)};`).join("") : "-",
      lunch: meal("lunch"),
      dinner: meal("dinner"),
      accommodation: stay
        ? `${stay.name}, ${plan.stops[stay.stopIndex]?.destination ?? stopCity}`
        : "-",
    };
  });
}
