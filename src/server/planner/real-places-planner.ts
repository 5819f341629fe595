import type { Interest, TravelStyle } from "#shared/constants.ts";
import { distanceKm } from "#shared/geo.ts";
import type { Activity, Day, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { tripDates } from "#shared/trip-dates.ts";
import { toActivity } from "./activity.ts";
import type { OutlineDay } from "./itinerary-generator.ts";
import { countryCodeOf } from "#shared/country-code.ts";
import { formatHoursOn, isOpenAt, mayVisitAt, type LocalMoment } from "#shared/opening-hours.ts";
import type { Place } from "../services/places/places-service.ts";

/*
 * The keyless planner: every day built from real OpenStreetMap places near the destination. Pure
 * (candidates in, itinerary out; only the activity ids are random) so its promises are
 * property-tested: no place twice, every visit open when scheduled, times ascending, short hops.
 */

type SlotName = "morning" | "lunch" | "afternoon" | "dinner";

type Slot = {
  name: SlotName;
  meal: boolean;
  /** Start times tried in order; the first at which the place is open (start and end) is taken. */
  times: readonly string[];
  /** How long the visit lasts: the place must still be open in its last minute. */
  minutes: number;
};

/** The day's shape. Windows never overlap, so times ascend whatever is picked. */
export const DAY_SLOTS: readonly Slot[] = [
  { name: "morning", meal: false, times: ["09:30", "10:00", "10:30", "11:00"], minutes: 90 },
  { name: "lunch", meal: true, times: ["12:30", "13:00", "13:30"], minutes: 60 },
  { name: "afternoon", meal: false, times: ["15:00", "15:30", "16:00", "16:30"], minutes: 90 },
  { name: "dinner", meal: true, times: ["19:30", "20:00", "20:30"], minutes: 75 },
];

/** Within this distance a traveller walks: the better (notable, on-interest) place may win. */
export const WALK_KM = 2;
/** A hop longer than this is taken only when no suitable place is nearer (the rule). */
export const MAX_HOP_KM = 5;

const EATERY = new Set(["restaurant", "cafe"]);
/** Places to eat: restaurants and cafés (a market is a sight, since it has no table to book). */
export const isEatery = (p: Place) => EATERY.has(p.tags?.amenity ?? "");

// OpenStreetMap's text may hold control characters, which activity text refuses: whitespace becomes
// one space, the rest (NUL, ESC, DEL, C1) goes.
const clip = (text: string, max: number) => {
  const chars = Array.from(
    text
      .replace(/\s+/g, " ")
      .replace(/\p{Cc}/gu, "")
      .trim(),
  );
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
};

const plusMinutes = (time: string, minutes: number) => {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  const clamped = Math.min(total, 23 * 60 + 59);
  return `${String(Math.floor(clamped / 60)).padStart(2, "0")}:${String(clamped % 60).padStart(2, "0")}`;
};

/** The context a place's hours are evaluated in: its own position, the destination's holidays. */
function momentAt(
  place: Place,
  countryCode: string | null,
  localDate: string,
  localTime: string,
): LocalMoment {
  return { countryCode, lat: place.lat, lng: place.lng, localDate, localTime };
}

/** The first start time of the slot at which the place is open for the whole visit, or null. */
export function visitTime(
  place: Place,
  slot: Slot,
  localDate: string,
  countryCode: string | null,
): string | null {
  for (const time of slot.times) {
    const end = plusMinutes(time, slot.minutes - 1);
    if (
      mayVisitAt(place.openingHours, momentAt(place, countryCode, localDate, time)) &&
      mayVisitAt(place.openingHours, momentAt(place, countryCode, localDate, end))
    )
      return time;
  }
  return null;
}

// Typical per-person prices in USD. Entry fees hardly depend on the travel style; meals do.
const ENTRY_USD: Record<string, number> = {
  museum: 18,
  gallery: 0,
  "arts centre": 10,
  theatre: 40,
  attraction: 15,
  monument: 12,
  castle: 15,
  palace: 18,
  fort: 12,
  monastery: 12,
  church: 0,
  ruins: 8,
  "archaeological site": 10,
  "city gate": 0,
  manor: 12,
  park: 0,
  garden: 0,
  "nature reserve": 0,
  viewpoint: 0,
  beach: 0,
  marketplace: 10,
  "department store": 0,
  mall: 0,
  "theme park": 60,
  "water park": 35,
  spa: 60,
  sauna: 30,
  "public bath": 35,
  "beach resort": 20,
  climbing: 25,
  "sports centre": 25,
};
const FREE_KINDS_NOTE = "places like this are usually free";
const MEAL_USD: Record<TravelStyle, { lunch: number; dinner: number; cafe: number }> = {
  budget: { lunch: 12, dinner: 20, cafe: 8 },
  comfort: { lunch: 25, dinner: 45, cafe: 15 },
  luxury: { lunch: 60, dinner: 120, cafe: 30 },
};

/** A typical cost and how the page should say it: `fee=no` is free, anything else an estimate. */
export function estimateCost(
  place: Place,
  slot: SlotName,
  style: TravelStyle,
): { cost: number; note: string } {
  const fee = place.tags?.fee;
  if (fee === "no") return { cost: 0, note: "Free entry (OpenStreetMap lists no fee)." };
  if (slot === "lunch" || slot === "dinner") {
    const prices = MEAL_USD[style];
    const cafe = place.tags?.amenity === "cafe";
    const cost = cafe ? prices.cafe : prices[slot];
    return {
      cost,
      note: `About $${cost} a person: an estimate for ${slot} at a ${cafe ? "café" : "restaurant"} on a ${style} trip.`,
    };
  }
  const sport = place.tags?.sport;
  const table = ENTRY_USD[place.kind] ?? (sport ? ENTRY_USD[sport] : undefined);
  if (table === 0 && fee !== "yes")
    return { cost: 0, note: `Probably free: an estimate, as ${FREE_KINDS_NOTE}.` };
  const cost = table && table > 0 ? table : 10;
  return {
    cost,
    note: `Entry about $${cost} a person: an estimate for ${/^[aeiou]/i.test(place.kind) ? "an" : "a"} ${place.kind}; check before you go.`,
  };
}

/** What the activity says about the place's hours that day. */
function hoursText(
  place: Place,
  countryCode: string | null,
  localDate: string,
  time: string,
): string {
  if (isOpenAt(place.openingHours, momentAt(place, countryCode, localDate, time)) === "unknown")
    return "Opening hours unknown: assumed open in the daytime, so check before you go.";
  return `${formatHoursOn(place.openingHours, { countryCode, lat: place.lat, lng: place.lng, localDate })}.`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function whyFor(
  picked: Place,
  slot: Slot,
  wanted: readonly Interest[],
  destination: string,
  previous: Place | null,
): string {
  const served = picked.interests?.find((i) => (wanted as readonly string[]).includes(i));
  if (served) return clip(`For your interest in ${served}`, 200);
  if (slot.meal)
    return clip(previous ? `A meal close to ${previous.name}` : `A meal in ${destination}`, 200);
  if (picked.notable) return clip(`One of the best-known sights in ${destination}`, 200);
  return clip(previous ? `Close to ${previous.name}` : `A sight in ${destination}`, 200);
}

const VERB: Record<SlotName, string> = {
  morning: "Visit",
  lunch: "Lunch at",
  afternoon: "Visit",
  dinner: "Dinner at",
};

function toVisit(
  picked: Place,
  slot: Slot,
  time: string,
  context: { request: TripRequest; place: TripPlace; countryCode: string | null; date: string },
  previous: Place | null,
): Activity {
  const { request, place, countryCode, date } = context;
  const { cost, note } = estimateCost(picked, slot.name, request.travelStyle);
  const where = picked.address
    ? `${picked.name}, ${picked.address}`
    : `${picked.name}, ${place.name}`;
  const description = [
    `${capital(picked.kind)}${picked.notable ? ", one of the area's notable places" : ""}.`,
    hoursText(picked, countryCode, date, time),
    note,
  ].join(" ");
  return toActivity(
    {
      time,
      activity: clip(`${VERB[slot.name]} ${picked.name}`, 200),
      location: clip(where, 200),
      description: clip(description, 1000),
      cost,
    },
    {
      lat: picked.lat,
      lng: picked.lng,
      why: whyFor(picked, slot, request.interests, place.name, previous),
      osmId: picked.osmId,
      openingHours: picked.openingHours,
      website: picked.website,
    },
  );
}

/** Filler for a slot no real place could take: said to be general, never pinned on the map. */
function generalVisit(
  slot: Slot,
  place: TripPlace,
  style: TravelStyle,
  previous: Place | null,
): Activity {
  const meal = slot.name === "lunch" || slot.name === "dinner";
  const cost = meal ? MEAL_USD[style][slot.name as "lunch" | "dinner"] : 0;
  // Named after the real stop before it (each is visited once), so two general suggestions of a trip
  // never read as the same place.
  const near = previous ? previous.name : `the centre of ${place.name}`;
  return toActivity(
    {
      time: slot.times[0] ?? "10:00",
      activity: meal ? `${capital(slot.name)} nearby` : "Explore the neighbourhood",
      location: clip(meal ? `a place to eat near ${near}` : `the streets near ${near}`, 200),
      description: meal
        ? `A general suggestion: OpenStreetMap listed no other place to eat open then nearby. About $${cost} a person (an estimate).`
        : "A general suggestion: OpenStreetMap listed no other sight open then nearby.",
      cost,
    },
    { why: "A general suggestion: too few open places were found nearby" },
  );
}

/**
 * The place to go next: among the suitable ones (`timeOf` gives a time: the right kind, unused, open
 * at some time of the slot) those within walking distance of the previous stop — or, when none is,
 * the nearest only — ranked by serving the preferred interest, then notability, then distance. So a
 * hop is longer than MAX_HOP_KM only when no suitable place is nearer. Without a previous stop the day
 * starts at the best place (on-interest, notable, nearest the centre). Hours are evaluated lazily, in
 * distance or rank order: a destination can have a thousand candidates.
 */
function pick(
  options: readonly Place[],
  timeOf: (p: Place) => string | null,
  from: Place | null,
  centre: { lat: number; lng: number },
  prefer: Interest | null,
): { place: Place; time: string } | null {
  const origin = from ?? centre;
  const serves = (p: Place) => (prefer !== null && p.interests?.includes(prefer) ? 1 : 0);
  const ranked = (list: { place: Place; km: number }[]) =>
    list.sort(
      (a, b) =>
        serves(b.place) - serves(a.place) ||
        Number(b.place.notable) - Number(a.place.notable) ||
        a.km - b.km ||
        a.place.osmId.localeCompare(b.place.osmId),
    );
  const withKm = options.map((place) => ({ place, km: distanceKm(origin, place) }));
  let pool = withKm;
  if (from) {
    withKm.sort((a, b) => a.km - b.km || a.place.osmId.localeCompare(b.place.osmId));
    const nearest = withKm.find((s) => timeOf(s.place) !== null);
    if (!nearest) return null;
    const reach = Math.max(WALK_KM, nearest.km);
    pool = withKm.filter((s) => s.km <= reach);
  }
  for (const { place } of ranked(pool)) {
    const time = timeOf(place);
    if (time) return { place, time };
  }
  return null;
}

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
}): RealPlacesPlan {
  const { request, place } = input;
  const countryCode = countryCodeOf(place.country);
  const dates = tripDates(request.startDate, request.endDate);
  const interests = request.interests;
  const withDinner = request.travelStyle !== "budget" || interests.includes("Food & Dining");
  const slots = DAY_SLOTS.filter((s) => s.name !== "dinner" || withDinner);

  // One element can come back under two ids' names; a name is visited once as well.
  const usedIds = new Set<string>();
  const usedNames = new Set<string>();
  const isFree = (p: Place) => !usedIds.has(p.osmId) && !usedNames.has(nameKey(p.name));
  const candidates = input.candidates.filter((p) => p.name.trim() !== "");

  let verified = 0;
  let total = 0;
  const days: Day[] = [];
  const outline: OutlineDay[] = [];
  dates.forEach((date, dayIndex) => {
    const activities: Activity[] = [];
    let previous: Place | null = null;
    let first: Place | null = null;
    let sightIndex = 0;
    for (const slot of slots) {
      const options = candidates.filter((p) => isFree(p) && isEatery(p) === slot.meal);
      const times = new Map<string, string | null>();
      const timeOf = (p: Place) => {
        if (!times.has(p.osmId)) times.set(p.osmId, visitTime(p, slot, date, countryCode));
        return times.get(p.osmId) ?? null;
      };
      const prefer = slot.meal
        ? interests.includes("Food & Dining")
          ? "Food & Dining"
          : null
        : (interests[(dayIndex * 2 + sightIndex++) % Math.max(1, interests.length)] ?? null);
      const chosen = pick(options, timeOf, previous, place, prefer);
      total++;
      if (!chosen) {
        if (slot.name !== "dinner")
          activities.push(generalVisit(slot, place, request.travelStyle, previous));
        else total--;
        continue;
      }
      usedIds.add(chosen.place.osmId);
      usedNames.add(nameKey(chosen.place.name));
      activities.push(
        toVisit(chosen.place, slot, chosen.time, { request, place, countryCode, date }, previous),
      );
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
