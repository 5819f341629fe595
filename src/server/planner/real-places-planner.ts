import { countryCodeOf } from "#shared/country-code.ts";
import type { Activity, Day, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { tripDates } from "#shared/trip-dates.ts";
import { distanceKm, travelMinutes } from "#shared/geo.ts";
import type { OutlineDay } from "./itinerary-generator.ts";
import type { Place } from "../services/places/places-service.ts";
import { clip, generalVisit, toVisit } from "./visit-text.ts";
import { DAY_SLOTS, pick, visitTime } from "./visit-schedule.ts";
import { isFreeToEnter, type DayWishes } from "./instruction-wishes.ts";
import { minutesOf } from "#shared/transfer-day.ts";
import { slotFits, type DayWindows } from "./day-windows.ts";

/*
 * The keyless planner: every day built from real OpenStreetMap places near the destination. Pure
 * (candidates in, itinerary out; only the activity ids are random) so its promises are
 * property-tested: no place twice, every visit open when scheduled, times ascending, short hops.
 */

const EATERY = new Set(["restaurant", "cafe"]);
/** Places to eat: restaurants and cafés (a market is a sight, since it has no table to book). */
export const isEatery = (p: Place) => EATERY.has(p.tags?.amenity ?? "");

const nameKey = (name: string) =>
  name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();

type RealPlacesPlan = {
  itinerary: Itinerary;
  outline: OutlineDay[];
  /** Activities that are real OpenStreetMap places (the rest are general filler). */
  verified: number;
  total: number;
};

/**
 * Every day of the trip from real candidates: a morning sight, lunch, an afternoon sight and — unless
 * a budget trip without Food & Dining — dinner, each open at its time in the destination's zone (its
 * public holidays too), no place twice, each stop chosen near the previous one. A slot no real place
 * can fill gets a general suggestion (dinner is then left out instead).
 */
export function planFromPlaces(input: {
  request: TripRequest;
  place: TripPlace;
  candidates: readonly Place[];
  /** A regenerated day's wishes (instruction-wishes.ts): its shape and which places fit. */
  wishes?: DayWishes | undefined;
  /** Transfer days: the part of a date this stop has (see day-windows.ts); the rest is the journey. */
  windows?: DayWindows | undefined;
  /** The trip's up-voted ideas' places first (planning-ideas.ts). */
  favour?: ((p: Place) => number) | undefined;
}): RealPlacesPlan {
  const { request, place, wishes } = input;
  const countryCode = countryCodeOf(place.country);
  const dates = tripDates(request.startDate, request.endDate);
  const interests = request.interests;
  const withDinner = request.travelStyle !== "budget" || interests.includes("Food & Dining");
  const slots = wishes
    ? wishes.slots(withDinner)
    : DAY_SLOTS.filter((s) => s.name !== "dinner" || withDinner);

  // One element can come back under two ids' names; a name is visited once as well.
  const usedIds = new Set<string>();
  const usedNames = new Set<string>();
  const isFree = (p: Place) => !usedIds.has(p.osmId) && !usedNames.has(nameKey(p.name));
  const named = input.candidates.filter((p) => p.name.trim() !== "");
  const fits = (p: Place) => !wishes || (isEatery(p) ? wishes.meal(p) : wishes.sight(p));
  let candidates = named.filter(fits);
  // Cheaper: free sights only, when there are enough of them for the day.
  const free = candidates.filter((p) => isEatery(p) || isFreeToEnter(p));
  if (wishes?.cheaper && free.filter((p) => !isEatery(p)).length >= 2) candidates = free;

  let verified = 0;
  let total = 0;
  const days: Day[] = [];
  const outline: OutlineDay[] = [];
  dates.forEach((date, dayIndex) => {
    const activities: Activity[] = [];
    let previous: Place | null = null;
    const window = input.windows?.[date];
    const from = window?.from ?? 0;
    const until = window?.until ?? Infinity;
    // When the previous real stop ends (its start plus its length), in minutes after midnight.
    let freeFrom = from;
    let first: Place | null = null;
    let sightIndex = 0;
    for (const slot of slots.filter((s) => slotFits(s, from, until))) {
      const options = candidates.filter((p) => isFree(p) && isEatery(p) === slot.meal);
      const times = new Map<string, string | null>();
      const timeOf = (p: Place) => {
        // Leave the time to get there after the previous stop, so the day's realism check holds.
        const earliest = previous
          ? freeFrom + Math.ceil(travelMinutes(distanceKm(previous, p)))
          : from;
        if (!times.has(p.osmId)) {
          const time = visitTime(p, slot, date, countryCode, earliest);
          // visitTime gives the earliest fit: a later one would end later still.
          const ends = time === null ? Infinity : minutesOf(time) + slot.minutes;
          times.set(p.osmId, ends <= until ? time : null);
        }
        return times.get(p.osmId) ?? null;
      };
      const prefer = slot.meal
        ? interests.includes("Food & Dining")
          ? "Food & Dining"
          : null
        : (wishes?.prefer ??
          interests[(dayIndex * 2 + sightIndex++) % Math.max(1, interests.length)] ??
          null);
      const chosen = pick(options, timeOf, previous, place, prefer, input.favour);
      total++;
      if (!chosen) {
        // Dinner and the extra stops a wish asked for are left out rather than filled in.
        // A general suggestion keeps the slot's first time: on a transfer day it may not fit.
        if (
          !window &&
          (slot.name === "morning" || slot.name === "lunch" || slot.name === "afternoon")
        )
          activities.push(generalVisit(slot, place, request.travelStyle, previous));
        else total--;
        continue;
      }
      usedIds.add(chosen.place.osmId);
      usedNames.add(nameKey(chosen.place.name));
      const visit = toVisit(chosen.place, slot, chosen.time, { request, place, countryCode, date });
      activities.push(visit);
      freeFrom =
        Number(visit.time.slice(0, 2)) * 60 +
        Number(visit.time.slice(3, 5)) +
        visit.durationMinutes;
      verified++;
      previous = chosen.place;
      first ??= slot.meal ? null : chosen.place;
    }
    days.push({ date, activities });
    outline.push({
      date,
      theme: clip(first ? `Around ${first.name}` : `${place.name} on foot`, 120),
    });
  });
  return { itinerary: { days }, outline, verified, total };
}
