import { randomUUID } from "node:crypto";
import { distanceKm, type Point } from "#shared/geo.ts";
import type { TravelStyle } from "#shared/constants.ts";
import type { Stay, StayInput } from "#shared/schemas/trip-stops.ts";
import type { TripParty } from "#shared/schemas/trip-party.ts";
import type { LodgingKind, LodgingNeed, StayKind } from "#shared/trip-party.ts";
import type { StayOffer } from "../sources/trip-sources.ts";

/*
 * Where the party sleeps at each stop (issue 47): only places of the kind asked for that refuse
 * none of the needs, take the stop's nights and have rooms enough; then the best value near the
 * stop's visits. Pure: offers in, a choice out.
 */

const KINDS: Record<LodgingKind, readonly StayKind[]> = {
  any: ["hotel", "hostel", "entire-home", "private-room", "shared-room"],
  hotel: ["hotel"],
  "entire-home": ["entire-home"],
  "private-room": ["private-room"],
  "shared-room": ["shared-room", "hostel"],
  // Not sharing a room with strangers: no dormitory.
  "not-shared": ["hotel", "entire-home", "private-room"],
};

export const roomsFor = (offer: Pick<StayOffer, "capacity">, travellers: number) =>
  Math.ceil(travellers / Math.max(1, offer.capacity));

/** Whether the offer meets the party: kind, every need (never refused), nights, rooms. */
export function meetsParty(
  offer: StayOffer,
  party: Pick<TripParty, "lodging" | "travellers">,
  nights: number,
): boolean {
  if (!KINDS[party.lodging.kind].includes(offer.kind)) return false;
  if (party.lodging.needs.some((need) => offer.refuses.includes(need))) return false;
  if (offer.minimumNights > nights) return false;
  const rooms = roomsFor(offer, party.travellers);
  return !(offer.units != null && offer.units < rooms);
}

export type StayChoice = {
  offer: StayOffer;
  stopIndex: number;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  /** USD a night for all the rooms. */
  pricePerNight: number;
  /** USD for the whole stay. */
  total: number;
  why: string;
};

export type StayNeed = {
  stopIndex: number;
  checkIn: string;
  checkOut: string;
  nights: number;
  /** Where the stop's visits are (their centre), or the city's centre; null when unknown. */
  near: Point | null;
  /** "Day 2": the day whose visits `near` is the centre of. */
  nearLabel: string | null;
};

const NEED_WORDS: Record<LodgingNeed, string> = {
  pets: "allows pets",
  "children-under-10": "welcomes children under 10",
  smoking: "allows smoking",
  visitors: "allows visitors",
  parties: "allows parties",
};

const KIND_WORDS: Record<StayKind, string> = {
  hotel: "hotel rooms",
  hostel: "hostel beds",
  "entire-home": "a whole home",
  "private-room": "private rooms",
  "shared-room": "shared rooms",
};

function whyOf(offer: StayOffer, need: StayNeed, party: TripParty, cheapest: boolean): string {
  const parts = [
    ...party.lodging.needs.map((n) =>
      offer.accepts.includes(n) ? NEED_WORDS[n] : `${NEED_WORDS[n]} (not stated otherwise)`,
    ),
    KIND_WORDS[offer.kind],
    ...(offer.stars ? [`${offer.stars} stars`] : []),
    cheapest
      ? "the cheapest that meets the needs"
      : need.nearLabel
        ? `closest to ${need.nearLabel}'s visits`
        : "near the centre",
  ];
  return parts.join("; ").slice(0, 300);
}

/** The offers meeting the party for this stop, best first (cheapest first when `cheapest`). */
export function rankStays(
  offers: readonly StayOffer[],
  need: StayNeed,
  party: TripParty,
  style: TravelStyle,
  cheapest = false,
): StayOffer[] {
  const km = (o: StayOffer) =>
    need.near && o.lat !== null && o.lng !== null
      ? distanceKm(need.near, { lat: o.lat, lng: o.lng })
      : 5;
  const price = (o: StayOffer) => o.pricePerNight * roomsFor(o, party.travellers);
  const score = (o: StayOffer) => {
    if (cheapest) return price(o) + km(o) * 0.01;
    // A longer ride costs the party time every day: each km weighs like 12 % of the price.
    if (style === "budget") return price(o) * (1 + 0.05 * km(o));
    if (style === "luxury") return -(o.stars ?? 2) * 1000 + km(o) * 10;
    return price(o) * (1 + 0.12 * km(o));
  };
  return offers
    .filter((o) => meetsParty(o, party, need.nights))
    .map((o) => ({ o, s: score(o) }))
    .sort((a, b) => a.s - b.s || a.o.id.localeCompare(b.o.id))
    .map(({ o }) => o);
}

export function stayChoice(
  offer: StayOffer,
  need: StayNeed,
  party: TripParty,
  cheapest = false,
): StayChoice {
  const rooms = roomsFor(offer, party.travellers);
  const pricePerNight = Math.round(offer.pricePerNight * rooms * 100) / 100;
  return {
    offer,
    stopIndex: need.stopIndex,
    checkIn: need.checkIn,
    checkOut: need.checkOut,
    nights: need.nights,
    rooms,
    pricePerNight,
    total: Math.round(pricePerNight * need.nights * 100) / 100,
    why: whyOf(offer, need, party, cheapest),
  };
}

/** The choice as the stay input the page applies (PATCH `stays`) and the alternatives list. */
export function stayInputOf(choice: StayChoice): StayInput & { stopIndex: number } {
  const { offer } = choice;
  return {
    stopIndex: choice.stopIndex,
    name: offer.name.slice(0, 200),
    address: offer.address?.slice(0, 300) ?? null,
    checkIn: choice.checkIn,
    checkOut: choice.checkOut,
    lat: offer.lat,
    lng: offer.lng,
    osmId: offer.osmId,
    reference: null,
    planned: true,
    kind: offer.kind,
    nights: choice.nights,
    rooms: choice.rooms,
    pricePerNight: choice.pricePerNight,
    totalPrice: { amount: choice.total, currency: "USD" },
    estimated: offer.estimated,
    why: choice.why,
  };
}

/** The choice as a trip's stay. */
export const stayOf = (choice: StayChoice): Stay => {
  const input = stayInputOf(choice);
  return {
    ...input,
    id: randomUUID(),
    address: input.address ?? null,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
    osmId: input.osmId ?? null,
    reference: null,
  };
};
