import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { Price } from "#shared/schemas/planned-entries.ts";
import type { Spending, SpendingPart, TripParty } from "#shared/schemas/trip-party.ts";
import type { Stay, Transport } from "#shared/schemas/trip-stops.ts";
import { daysBetween } from "#shared/trip-dates.ts";
import { FX_FIRST_WAIT_MS, type CachedFx } from "../services/fx/cached-fx.ts";

/*
 * `spending` of GET /api/trips/:id (issue 47): what the whole trip costs the party, in USD.
 *
 * - journeys: each journey's `totalPrice` (the whole party's); stays: `totalPrice`, else
 *   `pricePerNight` × nights; meals (activities with `meal`) and activities: `cost` × travellers,
 *   since an activity's cost is one person's. An unknown price (null, absent) is not counted.
 * - A price in another currency (a booking's) is converted with the rate of its day: a stay's
 *   check-in, a journey's departure (the newest rates for a day not yet published, as expenses).
 * - Booked prices replace estimates: a planned stay's nights that a booked stay with a price also
 *   covers are not counted (counted pro rata for the nights left); a planned journey no longer
 *   counts once a booked journey with a price leaves between its departure and arrival dates. A
 *   booking without a price replaces nothing: the estimate stays the trip's best figure.
 * - A part is in `estimatedParts` when a figure counted in it is an estimate: an entry marked
 *   `estimated`, an activity or meal with a cost that is not booked (its cost is the planner's
 *   typical price, as the page says), a booking converted with the newest rates because its day's
 *   could not be had, or a booked price that could not be converted at all (no rates): that one is
 *   left out, and the planned estimate it would replace still counts.
 */

type ConvertedUsd = { cents: number; exact: boolean };
/** A price in USD cents at its day's rate; `exact: false` when another day's rate had to do. */
export type PriceConverter = (price: Price, date: string) => ConvertedUsd | null;

export type SpendingTrip = {
  itinerary: Itinerary;
  transport: readonly Transport[];
  stays: readonly Stay[];
  party: Pick<TripParty, "travellers">;
};

const toCents = (usd: number) => Math.round(usd * 100);
const isBooked = (entry: { planned?: boolean | undefined }) => entry.planned !== true;
const overlap = (a: [string, string], b: [string, string]) => {
  const from = a[0] > b[0] ? a[0] : b[0];
  const to = a[1] < b[1] ? a[1] : b[1];
  return to > from ? daysBetween(from, to) : 0;
};

class Part {
  cents = 0;
  estimated = false;
  add(cents: number, estimated: boolean) {
    this.cents += cents;
    if (estimated && cents > 0) this.estimated = true;
  }
}

/** A stay's own nights: as given, else from its dates. */
const nightsOf = (stay: Stay) =>
  stay.nights ?? Math.max(1, daysBetween(stay.checkIn, stay.checkOut));

/** A stay's price: its total, else its price a night (USD, all rooms) × nights; null when unknown. */
function stayCost(stay: Stay, convert: PriceConverter): ConvertedUsd | "unconverted" | null {
  if (stay.totalPrice) return convert(stay.totalPrice, stay.checkIn) ?? "unconverted";
  if (stay.pricePerNight !== undefined)
    return { cents: toCents(stay.pricePerNight * nightsOf(stay)), exact: true };
  return null;
}

function journeyCost(journey: Transport, convert: PriceConverter) {
  if (!journey.totalPrice) return null;
  return convert(journey.totalPrice, journey.departAt.slice(0, 10)) ?? "unconverted";
}

function staysPart(stays: readonly Stay[], convert: PriceConverter): Part {
  const part = new Part();
  const bookedNights: [string, string][] = [];
  for (const stay of stays.filter(isBooked)) {
    const cost = stayCost(stay, convert);
    if (cost === null) continue;
    if (cost === "unconverted") {
      part.estimated = true;
      continue;
    }
    bookedNights.push([stay.checkIn, stay.checkOut]);
    part.add(cost.cents, stay.estimated === true || !cost.exact);
  }
  for (const stay of stays.filter((s) => !isBooked(s))) {
    const cost = stayCost(stay, convert);
    if (cost === null) continue;
    if (cost === "unconverted") {
      part.estimated = true;
      continue;
    }
    const nights = daysBetween(stay.checkIn, stay.checkOut);
    const covered = bookedNights.reduce(
      (sum, booked) => sum + overlap([stay.checkIn, stay.checkOut], booked),
      0,
    );
    const share = nights > 0 ? Math.max(0, nights - covered) / nights : 1;
    part.add(Math.round(cost.cents * share), stay.estimated === true || !cost.exact);
  }
  return part;
}

function journeysPart(journeys: readonly Transport[], convert: PriceConverter): Part {
  const part = new Part();
  const bookedDays: string[] = [];
  for (const journey of journeys.filter(isBooked)) {
    const cost = journeyCost(journey, convert);
    if (cost === null) continue;
    if (cost === "unconverted") {
      part.estimated = true;
      continue;
    }
    bookedDays.push(journey.departAt.slice(0, 10));
    part.add(cost.cents, journey.estimated === true || !cost.exact);
  }
  for (const journey of journeys.filter((j) => !isBooked(j))) {
    const from = journey.departAt.slice(0, 10);
    const to = journey.arriveAt.slice(0, 10);
    if (bookedDays.some((day) => day >= from && day <= to)) continue;
    const cost = journeyCost(journey, convert);
    if (cost === null) continue;
    if (cost === "unconverted") {
      part.estimated = true;
      continue;
    }
    part.add(cost.cents, journey.estimated === true || !cost.exact);
  }
  return part;
}

function activityParts(itinerary: Itinerary, travellers: number) {
  const meals = new Part();
  const activities = new Part();
  const all: Activity[] = itinerary.days.flatMap((day) => day.activities);
  for (const activity of all) {
    if (activity.cost === null) continue;
    const part = activity.meal ? meals : activities;
    part.add(toCents(activity.cost) * travellers, activity.booked !== true);
  }
  return { meals, activities };
}

/** The trip's spending from its entries, with prices converted by `convert` (pure: no rates asked). */
export function spendingOf(trip: SpendingTrip, convert: PriceConverter): Spending {
  const travellers = Math.max(1, trip.party.travellers);
  const parts: Record<SpendingPart, Part> = {
    journeys: journeysPart(trip.transport, convert),
    stays: staysPart(trip.stays, convert),
    ...activityParts(trip.itinerary, travellers),
  };
  const order: SpendingPart[] = ["journeys", "stays", "meals", "activities"];
  const estimatedParts = order.filter((name) => parts[name].estimated);
  const dollars = (cents: number) => cents / 100;
  return {
    journeys: dollars(parts.journeys.cents),
    stays: dollars(parts.stays.cents),
    meals: dollars(parts.meals.cents),
    activities: dollars(parts.activities.cents),
    total: dollars(order.reduce((sum, name) => sum + parts[name].cents, 0)),
    estimated: estimatedParts.length > 0,
    estimatedParts,
  };
}

/**
 * A past day's rates, waited for at most FX_FIRST_WAIT_MS: a slow API never holds the trip page
 * longer than an instance's first read does (the load goes on and is kept for the next read).
 */
async function withinWait<T>(load: Promise<T | null>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FX_FIRST_WAIT_MS);
  });
  return Promise.race([load, waited]).finally(() => clearTimeout(timer));
}

/** The days whose rates a trip's prices need: each non-USD price's own day. */
function priceDays(trip: SpendingTrip): Set<string> {
  const days = new Set<string>();
  for (const stay of trip.stays)
    if (stay.totalPrice && stay.totalPrice.currency !== "USD") days.add(stay.checkIn);
  for (const journey of trip.transport)
    if (journey.totalPrice && journey.totalPrice.currency !== "USD")
      days.add(journey.departAt.slice(0, 10));
  return days;
}

/**
 * The trip's spending, its bookings' prices converted with their day's rates. A day not yet past
 * takes the newest rates from the instance's memory (CachedFx.latestNow: the hot read waits on
 * nothing once any are held); a past day's are asked once (then kept, as expenses' are), waited for
 * at most FX_FIRST_WAIT_MS, and when they cannot be had the newest do, marked as an estimate. Only trips with a booking priced in
 * another currency ask for rates at all.
 */
export async function tripSpending(
  fx: CachedFx,
  trip: SpendingTrip,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<Spending> {
  const days = priceDays(trip);
  const rates = new Map<string, { rates: Record<string, number>; exact: boolean } | null>();
  if (days.size > 0 && fx.enabled) {
    const past = [...days].filter((day) => day < today);
    // The newest and every past day at once: the read waits for the slowest, not their sum.
    const [newest, ...dated] = await Promise.all([
      fx.latestNow().catch(() => null),
      ...past.map((day) => withinWait(fx.usdRates(day).catch(() => null))),
    ]);
    for (const day of days)
      rates.set(day, newest ? { rates: newest.rates, exact: day >= today } : null);
    past.forEach((day, i) => {
      const held = dated[i];
      if (held) rates.set(day, { rates: held.rates, exact: true });
    });
  }
  return spendingOf(trip, (price, date) => {
    if (price.currency === "USD") return { cents: toCents(price.amount), exact: true };
    const day = rates.get(date);
    const rate = day?.rates[price.currency];
    if (!day || rate === undefined || !(rate > 0)) return null;
    return { cents: toCents(price.amount / rate), exact: day.exact };
  });
}
