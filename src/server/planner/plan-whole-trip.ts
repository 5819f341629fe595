import { randomUUID } from "node:crypto";
import { openAtIn } from "#shared/opening-hours.ts";
import type { Activity, Grounding, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { DEFAULT_LODGING_KIND, type TripParty } from "#shared/schemas/trip-party.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import type { Cuisine } from "#shared/trip-party.ts";
import { dayStopIndexes, stopNights } from "#shared/trip-stop-days.ts";
import { safeErrorMessage } from "../lib/safe-error.ts";
import { placeOf } from "../services/geo/geo-service.ts";
import { DISABLED_PLACES } from "../services/places/places-service.ts";
import { createOsmSources } from "../sources/osm-sources.ts";
import type {
  AttractionOffer,
  JourneyOffer,
  SourceCity,
  MealOffer,
  StayOffer,
  TripSources,
} from "../sources/trip-sources.ts";
import { fitAroundBookings } from "./fit-around-bookings.ts";
import { OverBudgetError, partyCost, withoutPaidVisits, type PartyCost } from "./fit-budget.ts";
import { bookedWindows } from "./journey-windows.ts";
import { journeyOf, pickFamilyJourneys } from "./plan-journeys.ts";
import { planMeals } from "./plan-meals.ts";
import { rankStays, stayChoice, stayOf, type StayNeed } from "./plan-stays.ts";
import type { PlanningServices } from "./planning-types.ts";

/*
 * The whole trip (issue 47), after the visits are planned (keyless or model alike): the journey
 * out and home, a stay at every stop, breakfast, lunch and dinner, and one budget for the party —
 * cheaper stays, then cheaper transport, then fewer paid visits until it fits; a request with
 * whole-trip fields that still does not fit is refused (OverBudgetError), nothing saved.
 */

export const partyOf = (request: TripRequest): TripParty => ({
  origin: request.origin ?? null,
  travellers: request.travellers,
  lodging: request.lodging,
  cuisines: request.cuisines,
  avoid: request.avoid,
});

/** Whether the request asked for anything of the whole trip (else it plans as before, never refused). */
export const asksWholeTrip = (party: TripParty) =>
  party.origin !== null ||
  party.travellers > 1 ||
  party.lodging.kind !== DEFAULT_LODGING_KIND ||
  party.lodging.needs.length > 0 ||
  party.cuisines.length > 0 ||
  party.avoid.length > 0;

export type WholeTrip = {
  itinerary: Itinerary;
  stops: TripStop[];
  stays: Stay[];
  transport: Transport[];
  cost: PartyCost;
  covered: Cuisine[];
  repeats: number;
};

/** Every leg's offers in order: out, between the stops (where the routers found none), home. */
type Leg = { offers: JourneyOffer[]; departAt: string; fromZone: string; toZone: string };
type Journeys = { legs: Leg[]; origin: TripPlace | null } | null;

/** A place without a known zone (a city no geocoder placed) keeps the clock as written. */
const zoneOf = (place: TripPlace | null | undefined) => place?.timezone ?? "UTC";

/**
 * When a table of offers lists visits, a day's visits at a stop are its listed ones (issue 48):
 * two a day, late morning and afternoon, clear of the meal times, none twice on the trip; the
 * planner's own are left out. A transfer day offers them to both stops; the journeys' windows
 * keep what fits (fitAroundBookings). Booked activities are never touched.
 */
const LISTED_VISIT_TIMES = [
  { time: "10:45", durationMinutes: 90 },
  { time: "15:00", durationMinutes: 120 },
];

export function withListedVisits(
  itinerary: Itinerary,
  lists: readonly (readonly AttractionOffer[] | null)[],
): Itinerary {
  const used = new Set<string>();
  return {
    days: itinerary.days.map((day) => {
      const stopsOfDay = dayStopIndexes(day);
      const kept = day.activities.filter(
        (a) => a.booked || !lists[a.stopIndex ?? stopsOfDay[0] ?? 0],
      );
      const listed = stopsOfDay.flatMap((stopIndex) => {
        const list = lists[stopIndex];
        if (!list) return [];
        return LISTED_VISIT_TIMES.flatMap((slot) => {
          const offer = list.find((o) => !used.has(o.name));
          if (!offer) return [];
          used.add(offer.name);
          const visit: Activity = {
            id: randomUUID(),
            time: slot.time,
            activity: offer.name.slice(0, 200),
            location: offer.name.slice(0, 200),
            description: (offer.address ?? "").slice(0, 1000),
            cost: offer.costPerPerson,
            durationMinutes: slot.durationMinutes,
            lat: offer.lat,
            lng: offer.lng,
            why: null,
            osmId: null,
            openingHours: offer.openingHours,
            website: null,
            stopIndex,
          };
          return [visit];
        });
      });
      return {
        ...day,
        activities: [...kept, ...listed].sort((x, y) => x.time.localeCompare(y.time)),
      };
    }),
  };
}

const quietly = async <T>(what: Promise<T>, empty: T, services: PlanningServices, label: string) =>
  what.catch((error: unknown) => {
    services.logger?.warn({ err: safeErrorMessage(error) }, label);
    return empty;
  });

/** Where a stop's visits are and which day has most of them ("Day 2"), for its stay. */
export function stayNeedOf(
  stop: TripStop,
  stopIndex: number,
  itinerary: Itinerary,
  dates: readonly string[],
): StayNeed {
  const visits = itinerary.days.flatMap((d) =>
    d.activities
      .filter((a) => (a.stopIndex ?? 0) === stopIndex && a.lat !== null && a.lng !== null)
      .map((a) => ({ a, date: d.date })),
  );
  const perDay = new Map<string, number>();
  for (const v of visits) perDay.set(v.date, (perDay.get(v.date) ?? 0) + 1);
  const busiest = [...perDay].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const near =
    visits.length > 0
      ? {
          lat: visits.reduce((t, v) => t + v.a.lat!, 0) / visits.length,
          lng: visits.reduce((t, v) => t + v.a.lng!, 0) / visits.length,
        }
      : stop.place;
  return {
    stopIndex,
    checkIn: stop.startDate,
    checkOut: stop.endDate,
    nights: stopNights(stop),
    near,
    nearLabel: busiest ? `Day ${dates.indexOf(busiest) + 1}` : null,
  };
}

export async function planWholeTrip(
  services: PlanningServices,
  request: TripRequest,
  plan: { itinerary: Itinerary; stops: TripStop[]; grounding?: Grounding },
  booked: { transport: readonly Transport[]; stays: readonly Stay[] } | undefined,
  signal: AbortSignal,
  sourcesOf: (request: TripRequest) => TripSources = (r) =>
    createOsmSources({
      places: services.places ?? DISABLED_PLACES,
      routing: services.routing,
      travelStyle: r.travelStyle,
    }),
): Promise<WholeTrip> {
  const party = partyOf(request);
  const sources = sourcesOf(request);
  // Places could not be had for the visits (or are off): the plan is general suggestions, and no
  // stay or meal from the map is mixed into it.
  // A table of offers (it lists visits) is its own source: the map's state does not concern it.
  const tabled = sources.attractions !== undefined;
  const placesHad =
    tabled || !plan.grounding || !["unavailable", "off"].includes(plan.grounding.status);
  const { stops } = plan;
  const dates = plan.itinerary.days.map((d) => d.date);
  const city = (stop: TripStop) => ({ name: stop.destination, place: stop.place });

  const stayOffers: Promise<StayOffer[]>[] = stops.map((s) =>
    placesHad
      ? quietly(sources.stays(city(s)), [], services, "stays unavailable")
      : Promise.resolve([]),
  );
  const mealOffers: Promise<MealOffer[]>[] = stops.map((s) =>
    placesHad
      ? quietly(sources.meals(city(s)), [], services, "meals unavailable")
      : Promise.resolve([]),
  );
  const first = stops[0];
  const last = stops.at(-1);
  const journeysReady: Promise<Journeys> = (async () => {
    if (!party.origin || !first || !last) return null;
    if ((booked?.transport.length ?? 0) > 0) return null;
    const lookup = await services.geo
      .resolveDestination(party.origin, { signal })
      .catch(() => null);
    const origin = lookup ? placeOf(lookup) : null;
    // Without a place for the origin only a table of offers knows the way (by the city's name).
    if (!origin && !tabled) return null;
    if (!tabled && (!first.place || !last.place)) return null;
    const from = { name: party.origin, place: origin };
    const ends: { from: SourceCity; to: SourceCity; date: string; at: string }[] = [
      { from, to: city(first), date: first.startDate, at: "08:00" },
      ...stops.slice(1).flatMap((stop, i) => {
        const before = stops[i]!;
        // Between the stops the routers answer (stop.journey, issue 46); a table of offers lists
        // its own journeys, which are the only ones it prices.
        return stop.journey || !tabled
          ? []
          : [{ from: city(before), to: city(stop), date: before.endDate, at: "10:00" }];
      }),
      { from: city(last), to: from, date: last.endDate, at: "17:00" },
    ];
    const legs = await Promise.all(
      ends.map(async (end) => ({
        offers: await quietly(
          sources.journeys(end.from, end.to, end.date),
          [],
          services,
          "journeys unavailable",
        ),
        departAt: `${end.date}T${end.at}`,
        fromZone: zoneOf(end.from.place),
        toZone: zoneOf(end.to.place),
      })),
    );
    return { legs, origin };
  })();

  const attractionLists = Promise.all(
    stops.map((s) =>
      sources.attractions
        ? quietly(sources.attractions(city(s)), [], services, "attractions unavailable")
        : Promise.resolve(null),
    ),
  );

  const [stayLists, mealLists, journeys, listed] = await Promise.all([
    Promise.all(stayOffers),
    Promise.all(mealOffers),
    journeysReady,
    attractionLists,
  ]);
  signal.throwIfAborted();

  const bookedStops = new Set((booked?.stays ?? []).map((s) => s.stopIndex));
  const needs = stops.map((stop, i) => stayNeedOf(stop, i, plan.itinerary, dates));
  const pickStays = (cheapest: boolean) =>
    needs.flatMap((need, i) => {
      if (need.nights < 1 || bookedStops.has(i)) return [];
      const offer = rankStays(stayLists[i] ?? [], need, party, request.travelStyle, cheapest)[0];
      return offer ? [stayChoice(offer, need, party, cheapest)] : [];
    });
  const pickJourneys = (cheapest: boolean): Transport[] => {
    if (!journeys) return [];
    const picks = pickFamilyJourneys(
      journeys.legs.map((l) => l.offers),
      party.avoid,
      party.travellers,
      cheapest,
    );
    return journeys.legs.flatMap((leg, i) => {
      const offer = picks[i];
      return offer ? [journeyOf(offer, party.travellers, leg)] : [];
    });
  };

  const openAts = stops.map((s) => (s.place ? openAtIn(s.place) : undefined));
  const visits = listed.some((l) => l !== null)
    ? withListedVisits(plan.itinerary, listed)
    : plan.itinerary;
  const assemble = (
    stays: ReturnType<typeof pickStays>,
    transport: Transport[],
    cheapMeals = false,
  ) => {
    let itinerary = visits;
    if (transport.length > 0) {
      const planned = {
        days: itinerary.days.map((d) => ({
          ...d,
          activities: d.activities.filter((a) => !a.booked),
        })),
      };
      const bookedDays = {
        days: itinerary.days.map((d) => ({
          ...d,
          activities: d.activities.filter((a) => a.booked),
        })),
      };
      itinerary = fitAroundBookings(planned, bookedDays, {
        stops,
        transport,
        openAtStop: (i) => openAts[i],
      });
    }
    const windows = bookedWindows(stops, [...(booked?.transport ?? []), ...transport]);
    const meals = planMeals(
      itinerary,
      stops.map((stop, i) => {
        const stay = stays.find((s) => s.stopIndex === i)?.offer;
        return {
          stop,
          offers: mealLists[i] ?? [],
          stay: stay?.lat != null && stay.lng != null ? { lat: stay.lat, lng: stay.lng } : null,
        };
      }),
      windows,
      party.cuisines,
      cheapMeals,
    );
    const stayEntries = stays.map(stayOf);
    const cost = partyCost({
      journeys: transport,
      stays: stayEntries,
      itinerary: meals.itinerary,
      travellers: party.travellers,
    });
    return { ...meals, stays: stayEntries, transport, cost };
  };

  const budget = request.budget;
  let stays = pickStays(false);
  let transport = pickJourneys(false);
  let whole = assemble(stays, transport);
  // Cheaper stays, then cheaper transport, then cheaper meals, then fewer paid visits, in that order.
  if (whole.cost.total > budget) {
    stays = pickStays(true);
    whole = assemble(stays, transport);
  }
  if (whole.cost.total > budget) {
    transport = pickJourneys(true);
    whole = assemble(stays, transport);
  }
  if (whole.cost.total > budget) {
    whole = assemble(stays, transport, true);
  }
  if (whole.cost.total > budget) {
    const itinerary = withoutPaidVisits(
      whole.itinerary,
      whole.cost.total - budget,
      party.travellers,
    );
    const cost = partyCost({
      journeys: transport,
      stays: whole.stays,
      itinerary,
      travellers: party.travellers,
    });
    whole = { ...whole, itinerary, cost };
  }
  if (whole.cost.total > budget && asksWholeTrip(party))
    throw new OverBudgetError({ ...whole.cost, budget });
  return {
    itinerary: whole.itinerary,
    stops,
    stays: whole.stays,
    transport: whole.transport,
    cost: whole.cost,
    covered: whole.covered,
    repeats: whole.repeats,
  };
}
