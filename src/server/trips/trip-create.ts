import { TRIP_STATUS_GENERATED } from "#shared/constants.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { GROUNDING_OFF, type Itinerary } from "#shared/schemas/itinerary.ts";
import { isDeepStrictEqual } from "node:util";
import { openAtIn } from "#shared/opening-hours.ts";
import { fitRoutedTimes } from "../planner/fit-routed-times.ts";
import { lookupsOf, withoutActivityLookups } from "../services/geo/geo-service.ts";
import {
  insertPlacements,
  placingOf,
  plannedPlacements,
  type PlacementWorker,
} from "./activity-placements.ts";
import type { GenerateOptions } from "../planner/itinerary-generator.ts";
import { planTrip } from "../planner/plan-trip.ts";
import type { PlanningServices, PlanTripResult } from "../planner/planning-types.ts";
import { toTripDto } from "./trip-dto.ts";
import { routeLegs, type Leg } from "../routing/route-legs.ts";
import { queueTravelLegs, type TravelLegWorker } from "./travel-leg-queue.ts";
import type { Routing } from "../routing/routing-types.ts";
import { DEFAULT_TRAVEL_MODE } from "#shared/schemas/travel.ts";
import { insertOwnTrip, type QuotaDeps } from "./trip-quota.ts";
import { requestStops } from "../planner/request-stops.ts";
import { partyOf } from "../planner/plan-whole-trip.ts";
import { bookedTrip, type BookedTrip } from "../bookings/trip-from-bookings.ts";

type Owner = { id: string; name: string };

/** The last leg deferred for each activity still in the plan (a later round's ask replaces one). */
function queuedLegs(itinerary: Itinerary, deferred: readonly Leg[]): Leg[] {
  const present = new Set(itinerary.days.flatMap((d) => d.activities.map((a) => a.id)));
  const last = new Map(deferred.map((leg) => [leg.activityId, leg]));
  return [...last.values()].filter((leg) => present.has(leg.activityId));
}

const pendingOf = (legs: readonly Leg[]) =>
  legs.length > 0
    ? { travelPending: { activityIds: legs.map((leg) => leg.activityId).sort() } }
    : {};

/** What creating a trip uses: the planner's services, the trip quota, and the placing worker. */
export type CreateDeps = PlanningServices &
  QuotaDeps & {
    placements: Pick<PlacementWorker, "kick">;
    travelLegs: Pick<TravelLegWorker, "kick">;
    routing: Routing;
  };

/**
 * One insert, only after the whole itinerary validated: a failed or abandoned generation leaves no
 * row. The trip quota is checked again here, with the insert: another request may have taken the
 * last place while this plan was written. `booked`: the trip's journeys and stays (issue 35).
 */
async function saveTrip(
  deps: CreateDeps,
  { id: userId, name: ownerName }: Owner,
  request: TripRequest,
  {
    itinerary,
    place,
    grounding,
    stops,
    stays: plannedStays,
    transport: plannedTransport,
  }: Pick<PlanTripResult, "itinerary" | "place" | "grounding" | "stops" | "stays" | "transport">,
  booked?: BookedTrip,
): Promise<Trip> {
  // Several cities come planned with their places; one city (or one asked as a list) is one stop.
  const tripStops = stops ?? booked?.stops ?? requestStops(request, [place]);
  // The booked journeys and stays, then the planned ones (issue 47).
  const allStays = [...(booked?.stays ?? []), ...(plannedStays ?? [])];
  const allTransport = [...(booked?.transport ?? []), ...(plannedTransport ?? [])];
  // With a geocoder, the plan's activities are placed after the trip opened (one lookup a second):
  // the trip opens with its days, and their pins arrive as live changes (issue 44, item 11).
  const placing = deps.geo.locatesActivities
    ? plannedPlacements(
        itinerary,
        tripStops.map((stop) => stop.place),
      )
    : { itinerary, jobs: [] };
  // Every leg of the new plan from the routers: one table per profile, transit where it is needed;
  // transit legs past the pace's free slot are asked after the save (the days say so meanwhile).
  const deferred: Leg[] = [];
  const legsOf = (itinerary: Itinerary, previous: Itinerary | null) =>
    routeLegs(deps.routing, {
      deferTransit: (leg) => deferred.push(leg),
      itinerary,
      previous,
      stops: tripStops,
      stays: allStays,
      travelMode: DEFAULT_TRAVEL_MODE,
      legModes: {},
    });
  let routed = await legsOf(placing.itinerary, null);
  // Scheduled with the routed legs: a visit its leg makes late moves later or is left out; the legs
  // a change touched are routed again (twice at most: a visit left out changes the next one's leg).
  const openAts = tripStops.map((s) => (s.place ? openAtIn(s.place) : undefined));
  for (let round = 0; round < 2; round++) {
    const fitted = fitRoutedTimes(routed, {
      stops: tripStops,
      transport: allTransport,
      openAtStop: (i) => openAts[i],
    });
    if (isDeepStrictEqual(fitted, routed)) break;
    routed = await legsOf(fitted, routed);
  }
  const queued = queuedLegs(routed, deferred);
  const row = await insertOwnTrip(
    deps,
    {
      userId,
      destination: request.destination,
      startDate: request.startDate,
      endDate: request.endDate,
      budget: request.budget,
      travelStyle: request.travelStyle,
      interests: request.interests,
      itinerary: routed,
      place,
      stops: tripStops,
      ...(booked || allStays.length > 0 || allTransport.length > 0
        ? { transport: allTransport, stays: allStays }
        : {}),
      party: partyOf(request),
      grounding,
      status: TRIP_STATUS_GENERATED,
    },
    async (tx, row) => {
      await insertPlacements(tx, row.id, userId, placing.jobs);
      await queueTravelLegs(tx, row.id, queued);
    },
  );
  if (placing.jobs.length > 0) deps.placements.kick();
  if (queued.length > 0) deps.travelLegs.kick();
  return {
    ...toTripDto(row, { role: "owner", ownerName }),
    ...placingOf(placing.jobs.length),
    ...pendingOf(queued),
  };
}

/**
 * "Create trip" from bookings (`planRest: false`): the days hold only the booked activities; no
 * planner, no model, so no plan is counted against the generation limit.
 */
const bookedOnly = (booked: BookedTrip) => ({
  itinerary: booked.itinerary,
  place: booked.place,
  // Nothing was matched to OpenStreetMap: there is no plan whose places could be counted.
  grounding: GROUNDING_OFF,
  stops: booked.stops,
});

export type CreatedTrip = { trip: Trip; plan?: PlanTripResult };

/**
 * The planner's services for `user`: its geocoder lookups take turns with other users'. The plan's
 * activities are not looked up while it is written: they are placed after it is saved (saveTrip).
 */
const planningFor = (deps: CreateDeps, userId: string) => ({
  ...deps,
  geo: withoutActivityLookups(lookupsOf(deps.geo, { owner: userId })),
});

/**
 * A plan request's bookings settled against its stops before any plan (also what `planRest: false`
 * saves): a journey no stop can give a zone, or a stay at no stop, is a 422 with nothing planned and
 * nothing saved. Undefined when there are none to settle.
 */
export async function settleBookings(
  deps: CreateDeps,
  userId: string,
  request: TripRequest,
  signal: AbortSignal,
): Promise<BookedTrip | undefined> {
  if (!request.bookings && request.planRest !== false) return undefined;
  return bookedTrip(
    lookupsOf(deps.geo, { owner: userId }),
    request,
    request.bookings ?? { transport: [], stays: [], activities: [] },
    signal,
  );
}

/**
 * A new trip from a plan request (POST /api/trips and the assistants' `plan_trip`), its bookings
 * settled first (settleBookings): planned (keyless or the configured model) unless `planRest` is
 * false, then saved. The caller checks the limits before. `onEvent` hears the plan as it is written;
 * with `dropIfAborted`, a plan finished after `signal` aborted is not kept (nobody is waiting for
 * it): null then.
 */
export async function createTrip(
  deps: CreateDeps,
  user: Owner,
  request: TripRequest,
  booked: BookedTrip | undefined,
  options: {
    signal: AbortSignal;
    onEvent?: GenerateOptions["onEvent"];
    onBookedDay?: (index: number, day: BookedTrip["itinerary"]["days"][number]) => void;
    dropIfAborted?: boolean;
  },
): Promise<CreatedTrip | null> {
  if (request.planRest === false && booked) {
    booked.itinerary.days.forEach((day, index) => options.onBookedDay?.(index, day));
    return { trip: await saveTrip(deps, user, request, bookedOnly(booked), booked) };
  }
  const planBookings = booked && {
    stops: booked.stops,
    transport: booked.transport,
    itinerary: booked.itinerary,
    stays: booked.stays,
  };
  const plan = await planTrip(
    planningFor(deps, user.id),
    request,
    { signal: options.signal, ...(options.onEvent ? { onEvent: options.onEvent } : {}) },
    planBookings,
  );
  if (options.dropIfAborted && options.signal.aborted) return null;
  return { trip: await saveTrip(deps, user, request, plan, booked), plan };
}
