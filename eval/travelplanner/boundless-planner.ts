import { createKeylessPlanner } from "#server/planner/keyless-planner.ts";
import { partyOf } from "#server/planner/plan-whole-trip.ts";
import { pickFamilyJourneys, partyFare } from "#server/planner/plan-journeys.ts";
import { rankStays } from "#server/planner/plan-stays.ts";
import { planTrip } from "#server/planner/plan-trip.ts";
import type { PlanningServices } from "#server/planner/planning-types.ts";
import type { TripSources } from "#server/sources/trip-sources.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { BenchmarkPlanner } from "./benchmark-planner.ts";
import type { Sandbox } from "./sandbox.ts";
import { createSandboxGeo } from "./sandbox-geo.ts";

/**
 * Boundless's own planner on a benchmark query (issue 48): the request goes through planTrip, the
 * code POST /api/trips runs (keyless), with the sandbox's tables as its sources and the sandbox
 * geocoder (no network). A region (a state) gets its cities chosen first, by one rule for every
 * query: of the orders of `cityCount` cities of the state, the one whose whole trip is cheapest
 * among those where every leg has a journey of one family, every city a stay meeting the party for
 * its nights and enough places to eat and visit.
 */

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The nights of `count` cities in `nights`, as even as they go, the first ones longer. */
export function nightsSplit(nights: number, count: number): number[] {
  const base = Math.floor(nights / count);
  return Array.from({ length: count }, (_, i) => base + (i < nights % count ? 1 : 0));
}

function* orders(
  cities: readonly string[],
  count: number,
  prefix: string[] = [],
): Generator<string[]> {
  if (prefix.length === count) {
    yield prefix;
    return;
  }
  for (const c of cities) if (!prefix.includes(c)) yield* orders(cities, count, [...prefix, c]);
}

async function chooseCities(
  request: TripRequest,
  cities: readonly string[],
  count: number,
  sources: TripSources,
): Promise<{ destination: string; nights: number }[] | null> {
  const party = partyOf(request);
  const origin = request.origin ?? "";
  const nights = nightsSplit(
    Math.max(
      count,
      Math.round((Date.parse(request.endDate) - Date.parse(request.startDate)) / 86_400_000),
    ),
    count,
  );
  const at = (name: string) => ({ name, place: null });
  // What each city offers, once: its cheapest fitting stay a night, meals and visits counted.
  const perCity = new Map<
    string,
    { stayNight: number[]; meal: number; meals: number; visits: number }
  >();
  for (const c of cities) {
    const [stays, meals, visits] = await Promise.all([
      sources.stays(at(c)),
      sources.meals(at(c)),
      sources.attractions?.(at(c)) ?? Promise.resolve([]),
    ]);
    const stayNight = [...new Set(nights)].map((n) => {
      const best = rankStays(
        stays,
        {
          stopIndex: 0,
          checkIn: request.startDate,
          checkOut: request.startDate,
          nights: n,
          near: null,
          nearLabel: null,
        },
        party,
        request.travelStyle,
        true,
      )[0];
      return best
        ? best.pricePerNight * Math.ceil(party.travellers / Math.max(1, best.capacity))
        : Infinity;
    });
    const costs = meals.map((m) => m.costPerPerson).sort((a, b) => a - b);
    perCity.set(c, {
      stayNight: [...new Set(nights)].map((n, i) =>
        nights.includes(n) ? stayNight[i]! : Infinity,
      ),
      meal: costs.slice(0, 3).reduce((t, x) => t + x, 0) / Math.max(1, Math.min(3, costs.length)),
      meals: meals.length,
      visits: visits.length,
    });
  }
  const nightKeys = [...new Set(nights)];
  const legCache = new Map<string, Awaited<ReturnType<TripSources["journeys"]>>>();
  const leg = async (from: string, to: string, date: string) => {
    const key = `${from}|${to}|${date}`;
    if (!legCache.has(key)) legCache.set(key, await sources.journeys(at(from), at(to), date));
    return legCache.get(key)!;
  };
  let best: { order: string[]; cost: number } | null = null;
  for (const order of orders(cities, count)) {
    let fits = true;
    let cost = 0;
    for (const [i, c] of order.entries()) {
      const info = perCity.get(c)!;
      const n = nights[i]!;
      const night = info.stayNight[nightKeys.indexOf(n)] ?? Infinity;
      // Three meals a day there and a visit a day, none twice.
      if (!Number.isFinite(night) || info.meals < 3 * (n + 1) || info.visits < n + 1) {
        fits = false;
        break;
      }
      cost += night * n + info.meal * 3 * n * party.travellers;
    }
    if (!fits) continue;
    const dates = [request.startDate];
    for (const n of nights.slice(0, -1)) dates.push(addDays(dates.at(-1)!, n));
    const ends = [origin, ...order, origin];
    const legs = await Promise.all(
      ends.slice(1).map((to, i) => leg(ends[i]!, to, i === count ? request.endDate : dates[i]!)),
    );
    const picks = pickFamilyJourneys(legs, party.avoid, party.travellers, true);
    if (picks.some((p) => p === undefined)) continue;
    cost += picks.reduce((t, p) => t + partyFare(p!, party.travellers), 0);
    if (!best || cost < best.cost) best = { order: [...order], cost };
  }
  return best ? best.order.map((destination, i) => ({ destination, nights: nights[i]! })) : null;
}

export function createBoundlessPlanner(sandbox: Sandbox): BenchmarkPlanner {
  const geo = createSandboxGeo(sandbox);
  const ai = createKeylessPlanner();
  return async ({ request, cityCount, sources, citiesIn }) => {
    const services: PlanningServices = { ai, geo, sources: () => sources };
    let planned: TripRequest = request;
    if (cityCount !== null && !request.stops) {
      const stops = await chooseCities(request, citiesIn(request.destination), cityCount, sources);
      if (!stops) return null;
      planned = { ...request, stops };
    }
    const result = await planTrip(services, planned, { signal: new AbortController().signal });
    return {
      origin: request.origin ?? "",
      stops: result.stops ?? [{ destination: planned.destination }],
      itinerary: result.itinerary,
      transport: result.transport ?? [],
      stays: result.stays ?? [],
    };
  };
}
