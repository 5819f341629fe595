import { randomUUID } from "node:crypto";
import type { Transport, TransportMode } from "#shared/schemas/trip-stops.ts";
import type { Avoidable } from "#shared/trip-party.ts";
import { epochToZoned, zonedToEpoch } from "#shared/zoned-time.ts";
import type { JourneyMode, JourneyOffer } from "../sources/trip-sources.ts";

/*
 * The journey out and home (issue 47): the modes the party does not avoid, priced for the whole
 * party, the best value (fare plus the party's time) unless the budget asks for the cheapest.
 */

// "Driving" is the party at the wheel (a car of their own or hired): a taxi someone else drives
// is still a way to go, as travellers who do not drive expect (and as TravelPlanner's "no
// self-driving" reads).
const AVOIDED: Record<Avoidable, readonly JourneyMode[]> = {
  flights: ["flight"],
  driving: ["self-driving"],
};

const TRANSPORT_MODE: Record<JourneyMode, TransportMode> = {
  flight: "flight",
  train: "train",
  coach: "bus",
  "self-driving": "car",
  taxi: "car",
};

/** What the journey costs the whole party, in USD. */
export function partyFare(offer: JourneyOffer, travellers: number): number {
  const usd =
    "perPerson" in offer.price
      ? offer.price.perPerson * travellers
      : offer.price.perVehicle * Math.ceil(travellers / Math.max(1, offer.price.seats));
  return Math.round(usd * 100) / 100;
}

/** An hour of each traveller's time weighs like this many dollars when choosing a mode. */
const HOUR_USD = 15;

/** The offers the party accepts, best first (cheapest first when `cheapest`). */
export function rankJourneys(
  offers: readonly JourneyOffer[],
  avoid: readonly Avoidable[],
  travellers: number,
  cheapest = false,
): JourneyOffer[] {
  const refused = new Set(avoid.flatMap((a) => AVOIDED[a]));
  const score = (o: JourneyOffer) =>
    partyFare(o, travellers) + (cheapest ? 0 : (o.minutes / 60) * HOUR_USD * travellers);
  return offers
    .filter((o) => !refused.has(o.mode))
    .map((o) => ({ o, s: score(o) }))
    .sort((a, b) => a.s - b.s || a.o.minutes - b.o.minutes)
    .map(({ o }) => o);
}

/** The journey as a planned transport entry leaving at `departAt` (local, `fromZone`). */
export function journeyOf(
  offer: JourneyOffer,
  travellers: number,
  ends: { departAt: string; fromZone: string; toZone: string },
): Transport {
  const departAt = offer.departAt ?? ends.departAt;
  const start = zonedToEpoch(departAt, ends.fromZone) ?? 0;
  const arriveAt = offer.arriveAt ?? epochToZoned(start + offer.minutes * 60_000, ends.toZone);
  return {
    id: randomUUID(),
    mode: TRANSPORT_MODE[offer.mode],
    from: offer.from.slice(0, 200),
    to: offer.to.slice(0, 200),
    departAt,
    arriveAt,
    departZone: ends.fromZone,
    arriveZone: ends.toZone,
    // Both are cars on the trip: the carrier tells the party's own from a taxi.
    carrier:
      offer.carrier ??
      (offer.mode === "self-driving" ? "Own car" : offer.mode === "taxi" ? "Taxi" : null),
    number: offer.number,
    reference: null,
    notes: null,
    planned: true,
    estimated: offer.estimated,
    durationMinutes: Math.min(7 * 24 * 60, Math.max(1, Math.round(offer.minutes))),
    totalPrice: { amount: partyFare(offer, travellers), currency: "USD" },
  };
}

/**
 * The ways a whole trip can travel: a party driving its own car drives it every leg (the car has
 * to come home with them), so self-driving is never mixed with flights, trains, coaches or taxis;
 * without the car, any of those together (issue 48).
 */
export const JOURNEY_FAMILIES: readonly (readonly JourneyMode[])[] = [
  ["flight", "train", "coach", "taxi"],
  ["self-driving"],
];

/**
 * One journey a leg, all of one family: the family whose every leg has an offer the party accepts
 * and whose chosen offers score best (fare, and time unless `cheapest`); when no family covers
 * every leg, the one covering most. Each leg's offers come ranked (rankJourneys).
 */
export function pickFamilyJourneys(
  legs: readonly (readonly JourneyOffer[])[],
  avoid: readonly Avoidable[],
  travellers: number,
  cheapest = false,
): (JourneyOffer | undefined)[] {
  const options = JOURNEY_FAMILIES.map((family) => {
    const picks = legs.map(
      (offers) =>
        rankJourneys(
          offers.filter((o) => family.includes(o.mode)),
          avoid,
          travellers,
          cheapest,
        )[0],
    );
    const covered = picks.filter((p) => p !== undefined).length;
    const score = picks.reduce(
      (t, p) =>
        t +
        (p
          ? partyFare(p, travellers) + (cheapest ? 0 : (p.minutes / 60) * HOUR_USD * travellers)
          : 0),
      0,
    );
    return { picks, covered, score };
  });
  options.sort((a, b) => b.covered - a.covered || a.score - b.score);
  return options[0]?.picks ?? legs.map(() => undefined);
}
