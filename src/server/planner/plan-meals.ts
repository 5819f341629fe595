import { randomUUID } from "node:crypto";
import { countryCodeOf } from "#shared/country-code.ts";
import { distanceKm, type Point } from "#shared/geo.ts";
import { mayVisitAt } from "#shared/opening-hours.ts";
import type { Activity, Day, Itinerary } from "#shared/schemas/itinerary.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import { clock } from "./fit-around-bookings.ts";
import type { Cuisine, Meal } from "#shared/trip-party.ts";
import { dayStopIndexes } from "#shared/trip-stop-days.ts";
import { minutesOf } from "#shared/transfer-day.ts";
import type { DayWindows } from "./day-windows.ts";
import type { MealOffer } from "../sources/trip-sources.ts";

/*
 * Breakfast, lunch and dinner on every day the party is there for them (issue 47): a meal the plan
 * already has (a lunch or dinner at an eating place) is kept and named; a missing one is added from
 * the stop's offers — breakfast near the stay, lunch and dinner near the visit before — open then,
 * never a place twice; every cuisine asked for is covered once where the offers allow.
 */

type MealSlot = { meal: Meal; starts: readonly number[]; minutes: number; range: [number, number] };

const at = (time: string) => minutesOf(time);

export const MEAL_SLOTS: readonly MealSlot[] = [
  {
    meal: "breakfast",
    starts: [at("08:00"), at("08:15"), at("08:30"), at("07:45")],
    minutes: 45,
    range: [at("06:30"), at("10:30")],
  },
  {
    meal: "lunch",
    starts: [at("12:30"), at("13:00"), at("12:00"), at("13:30")],
    minutes: 60,
    range: [at("11:30"), at("14:45")],
  },
  {
    meal: "dinner",
    starts: [at("19:30"), at("20:00"), at("19:00"), at("20:30"), at("21:00")],
    minutes: 75,
    range: [at("18:00"), at("22:00")],
  },
];

// Whole words: "Recreation Area" or "Seattle Center" is not a meal.
const FOOD_WORDS =
  /\b(?:lunch|dinner|breakfast|brunch|restaurant|caf[eé]|bistro|brasserie|trattoria|taverna|eat|meal|food|bakery|boulangerie)\b/i;

export type MealStop = {
  stop: TripStop;
  offers: readonly MealOffer[];
  /** Where the party sleeps there (breakfast is near it). */
  stay: Point | null;
};

const startOf = (a: Activity) => at(a.time);
const endOf = (a: Activity) => at(a.time) + a.durationMinutes;
const pointOf = (a: { lat: number | null; lng: number | null }): Point | null =>
  a.lat !== null && a.lng !== null ? { lat: a.lat, lng: a.lng } : null;

/** The meal this planned activity already is, if it is one. */
function mealOfActivity(a: Activity, byOsm: Map<string, MealOffer>): Meal | null {
  if (a.meal) return a.meal;
  if (a.booked) return null;
  const offer = a.osmId ? byOsm.get(a.osmId) : undefined;
  if (!offer && !FOOD_WORDS.test(`${a.activity} ${a.location}`)) return null;
  const start = startOf(a);
  const slot = MEAL_SLOTS.find((s) => start >= s.range[0] && start <= s.range[1]);
  return slot?.meal ?? null;
}

export type MealPlan = { itinerary: Itinerary; covered: Cuisine[]; repeats: number };

export function planMeals(
  itinerary: Itinerary,
  stops: readonly MealStop[],
  windows: readonly DayWindows[],
  cuisines: readonly Cuisine[],
  /** The cheapest places first (after the cuisines asked for): the budget's step (fit-budget). */
  cheapest = false,
): MealPlan {
  const byOsm = new Map<string, MealOffer>();
  for (const s of stops) for (const o of s.offers) if (o.osmId) byOsm.set(o.osmId, o);
  const used = new Set<string>();
  for (const a of itinerary.days.flatMap((d) => d.activities)) if (a.osmId) used.add(a.osmId);
  // Never a place twice, whichever row of a source it comes from: by id and by name.
  const nameKey = (name: string) => `name:${name.trim().toLowerCase()}`;
  const isUsed = (o: MealOffer) => used.has(o.osmId ?? o.id) || used.has(nameKey(o.name));
  const markUsed = (o: MealOffer) => {
    used.add(o.osmId ?? o.id);
    used.add(nameKey(o.name));
  };
  for (const a of itinerary.days.flatMap((d) => d.activities))
    if (a.meal) used.add(nameKey(a.location));
  const covered = new Set<Cuisine>();
  const wanted = () => cuisines.filter((c) => !covered.has(c));

  const cuisineFor = (offer: MealOffer | undefined): Cuisine | undefined =>
    offer?.cuisines.find((c) => wanted().includes(c)) ?? offer?.cuisines[0];

  const days: Day[] = itinerary.days.map((day) => {
    let activities = [...day.activities];
    const meals = new Map<Meal, Activity>();
    // The meals already there: named (and counted for the cuisines).
    activities = activities.map((a) => {
      const meal = mealOfActivity(a, byOsm);
      if (!meal || meals.has(meal)) return a;
      const offer = a.osmId ? byOsm.get(a.osmId) : undefined;
      const cuisine = a.cuisine ?? cuisineFor(offer);
      if (cuisine) covered.add(cuisine);
      const named = { ...a, meal, ...(cuisine ? { cuisine } : {}) };
      meals.set(meal, named);
      return named;
    });
    for (const slot of MEAL_SLOTS) {
      if (meals.has(slot.meal)) continue;
      const stopIndex = dayStopIndexes(day).find((i) => {
        const w = windows[i]?.[day.date];
        return slot.starts.some(
          (s) => s >= (w?.from ?? 0) && s + slot.minutes <= (w?.until ?? 24 * 60),
        );
      });
      if (stopIndex === undefined) continue;
      const mealStop = stops[stopIndex];
      if (!mealStop?.stop.place) continue;
      const window = windows[stopIndex]?.[day.date];
      const countryCode = countryCodeOf(mealStop.stop.place.country);
      const free = (start: number) =>
        start >= (window?.from ?? 0) &&
        start + slot.minutes <= (window?.until ?? 24 * 60) &&
        activities.every((a) => endOf(a) <= start || startOf(a) >= start + slot.minutes);
      const starts = slot.starts.filter(free);
      if (starts.length === 0) continue;
      const before = activities.filter((a) => endOf(a) <= starts[0]!).at(-1);
      const anchor =
        (slot.meal === "breakfast" ? mealStop.stay : before ? pointOf(before) : mealStop.stay) ??
        mealStop.stop.place;
      // A listed offer (a table of offers, not the map's estimate) with no hours says itself which
      // meals it serves: taken at its word. A map's place without hours is not known to be open.
      const openAt = (o: MealOffer, start: number) =>
        (!o.estimated && !o.openingHours?.trim()) ||
        [start, start + slot.minutes - 1].every((m) =>
          mayVisitAt(o.openingHours, {
            countryCode,
            lat: o.lat ?? anchor.lat,
            lng: o.lng ?? anchor.lng,
            localDate: day.date,
            localTime: clock(m),
          }),
        );
      const options = mealStop.offers
        .filter((o) => o.meals.includes(slot.meal) && !isUsed(o))
        .map((o) => ({ o, start: starts.find((s) => openAt(o, s)) }))
        .filter((c): c is { o: MealOffer; start: number } => c.start !== undefined);
      const want = wanted();
      const km = (o: MealOffer) => (pointOf(o) ? distanceKm(anchor, pointOf(o)!) : 3);
      options.sort(
        (a, b) =>
          Number(!a.o.cuisines.some((c) => want.includes(c))) -
            Number(!b.o.cuisines.some((c) => want.includes(c))) ||
          (cheapest ? a.o.costPerPerson - b.o.costPerPerson : 0) ||
          km(a.o) - km(b.o) ||
          a.o.id.localeCompare(b.o.id),
      );
      const pick = options[0];
      if (!pick) continue;
      markUsed(pick.o);
      const cuisine = cuisineFor(pick.o);
      if (cuisine) covered.add(cuisine);
      const word = slot.meal[0]!.toUpperCase() + slot.meal.slice(1);
      const added: Activity = {
        id: randomUUID(),
        time: clock(pick.start),
        activity: `${word} at ${pick.o.name}`.slice(0, 200),
        location: pick.o.name.slice(0, 200),
        description: (cuisine
          ? `${word}: ${cuisine} food${pick.o.address ? `, ${pick.o.address}` : ""}.`
          : `${word}${pick.o.address ? ` at ${pick.o.address}` : ""}.`
        ).slice(0, 1000),
        cost: pick.o.costPerPerson,
        durationMinutes: slot.minutes,
        lat: pick.o.lat,
        lng: pick.o.lng,
        why: slot.meal === "breakfast" ? "Near where you stay" : null,
        osmId: pick.o.osmId,
        openingHours: pick.o.openingHours,
        website: pick.o.website ?? null,
        stopIndex,
        meal: slot.meal,
        ...(cuisine ? { cuisine } : {}),
      };
      meals.set(slot.meal, added);
      activities = [...activities, added].sort((a, b) => a.time.localeCompare(b.time));
    }
    return { ...day, activities };
  });

  // A cuisine asked for and still missing: a lunch or dinner this plan added is swapped for a place
  // serving it, at the same time, when one is open then.
  for (const cuisine of wanted()) {
    swap: for (const day of days) {
      for (const [i, a] of day.activities.entries()) {
        if (a.meal !== "lunch" && a.meal !== "dinner") continue;
        if (a.cuisine && cuisines.includes(a.cuisine)) continue;
        const mealStop = stops[a.stopIndex ?? 0];
        const place = mealStop?.stop.place;
        if (!mealStop || !place) continue;
        const countryCode = countryCodeOf(place.country);
        const byCost = cheapest
          ? [...mealStop.offers].sort((x, y) => x.costPerPerson - y.costPerPerson)
          : mealStop.offers;
        const offer = byCost.find(
          (o) =>
            o.cuisines.includes(cuisine) &&
            o.meals.includes(a.meal!) &&
            !isUsed(o) &&
            [startOf(a), endOf(a) - 1].every((m) =>
              mayVisitAt(o.openingHours, {
                countryCode,
                lat: o.lat ?? place.lat,
                lng: o.lng ?? place.lng,
                localDate: day.date,
                localTime: clock(m),
              }),
            ),
        );
        if (!offer) continue;
        markUsed(offer);
        const word = a.meal === "lunch" ? "Lunch" : "Dinner";
        day.activities[i] = {
          ...a,
          activity: `${word} at ${offer.name}`.slice(0, 200),
          location: offer.name.slice(0, 200),
          description:
            `${word}: ${cuisine} food${offer.address ? `, ${offer.address}` : ""}.`.slice(0, 1000),
          cost: offer.costPerPerson,
          lat: offer.lat,
          lng: offer.lng,
          osmId: offer.osmId,
          openingHours: offer.openingHours,
          website: offer.website ?? null,
          cuisine,
          travel: undefined,
        };
        covered.add(cuisine);
        break swap;
      }
    }
  }

  const seen = new Set<string>();
  let repeats = 0;
  for (const a of days.flatMap((d) => d.activities)) {
    if (!a.meal || !a.osmId) continue;
    if (seen.has(a.osmId)) repeats++;
    seen.add(a.osmId);
  }
  return { itinerary: { days }, covered: [...covered], repeats };
}
