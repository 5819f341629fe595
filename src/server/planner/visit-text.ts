import type { Interest, TravelStyle } from "#shared/constants.ts";
import type { Activity, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Place } from "../services/places/places-service.ts";
import { toActivity } from "./activity.ts";
import { estimateDurationMinutes } from "./activity-duration.ts";
import { describePlace } from "./place-description.ts";
import { estimateCost, MEAL_USD, priceNote } from "./place-costs.ts";
import type { Slot, SlotName } from "./visit-schedule.ts";

// What a keyless activity says: its title, place, hours, cost and why it was chosen.

// OpenStreetMap's text may hold control characters, which activity text refuses: whitespace becomes
// one space, the rest (NUL, ESC, DEL, C1) goes.
export const clip = (text: string, max: number) => {
  const chars = Array.from(
    text
      .replace(/\s+/g, " ")
      .replace(/\p{Cc}/gu, "")
      .trim(),
  );
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}…`;
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// Never names the activity before: that goes stale when the day is reordered (issue 44).
function whyFor(
  picked: Place,
  slot: Slot,
  wanted: readonly Interest[],
  destination: string,
): string {
  const served = picked.interests?.find((i) => (wanted as readonly string[]).includes(i));
  if (served) return clip(`For your interest in ${served}`, 200);
  if (slot.meal) return clip(`A meal in ${destination}`, 200);
  if (picked.notable) return clip(`One of the best-known sights in ${destination}`, 200);
  return clip(`A sight in ${destination}`, 200);
}

const VERB: Record<SlotName, string> = {
  morning: "Visit",
  lunch: "Lunch at",
  afternoon: "Visit",
  dinner: "Dinner at",
  late: "Visit",
  night: "Evening at",
};

export function toVisit(
  picked: Place,
  slot: Slot,
  time: string,
  context: { request: TripRequest; place: TripPlace; countryCode: string | null; date: string },
): Activity {
  const { request, place } = context;
  const cost = estimateCost(picked, slot.name, request.travelStyle);
  const where = picked.address
    ? `${picked.name}, ${picked.address}`
    : `${picked.name}, ${place.name}`;
  const description = describePlace(picked, place, priceNote(picked, slot.name));
  const text = {
    time,
    activity: clip(`${VERB[slot.name]} ${picked.name}`, 200),
    location: clip(where, 200),
    description: clip(description, 1000),
    cost,
  };
  return toActivity(
    {
      ...text,
      // The place's hours were checked for the slot's length: the visit never runs past it.
      durationMinutes: Math.min(
        slot.minutes,
        estimateDurationMinutes({ ...text, kind: picked.kind, tags: picked.tags }),
      ),
    },
    {
      lat: picked.lat,
      lng: picked.lng,
      why: whyFor(picked, slot, request.interests, place.name),
      osmId: picked.osmId,
      openingHours: picked.openingHours,
      website: picked.website,
    },
  );
}

/** Filler for a slot no real place could take: said to be general, never pinned on the map. */
export function generalVisit(
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
      description: clip(
        meal
          ? `A general suggestion near ${near}: OpenStreetMap listed no other place to eat open then. Price unknown.`
          : `A general suggestion for the streets near ${near}: OpenStreetMap listed no other sight open then.`,
        1000,
      ),
      cost,
      durationMinutes: meal ? slot.minutes : Math.min(slot.minutes, 45),
    },
    { why: "A general suggestion: too few open places were found nearby" },
  );
}
