import { Hono } from "hono";
import { TRIP_STATUS_GENERATED } from "#shared/constants.ts";
import { tripRequestSchema, type TripRequest } from "#shared/schemas/trip-request.ts";
import { tripDates } from "#shared/trip-dates.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { AppDeps, AppBindings } from "../../http/context.ts";
import { AppError } from "../../lib/http-errors.ts";
import { describeFailure, enforceGenerationLimit, logFailure } from "../../http/generation.ts";
import { requireUser } from "../../http/session.ts";
import { toTripDto } from "../../trips/trip-dto.ts";
import { assertRoomForTrip, insertOwnTrip } from "../../trips/trip-quota.ts";
import { enforceTripCreateLimit } from "../../http/trip-create-limit.ts";
import { streamProgress } from "../../http/progress-stream.ts";
import { validate } from "../../http/validate.ts";
import { lookupsOf, withoutActivityLookups } from "../../services/geo/geo-service.ts";
import { insertPlacements, placingOf, plannedPlacements } from "../../trips/activity-placements.ts";
import { planTrip, type PlanTripResult } from "../../planner/plan-trip.ts";
import { requestStops } from "../../trips/request-stops.ts";
import { bookedTrip, type BookedTrip } from "../../trips/trip-from-bookings.ts";
import { GROUNDING_OFF } from "#shared/schemas/itinerary.ts";

/**
 * One insert, only after the whole itinerary validated: a failed or abandoned generation leaves no
 * row. The trip quota is checked again here, with the insert: another request may have taken the
 * last place while this plan was written. `booked`: the trip's journeys and stays (issue 35).
 */
async function saveTrip(
  deps: AppDeps,
  { id: userId, name: ownerName }: { id: string; name: string },
  request: TripRequest,
  {
    itinerary,
    place,
    grounding,
    stops,
  }: Pick<PlanTripResult, "itinerary" | "place" | "grounding" | "stops">,
  booked?: BookedTrip,
): Promise<Trip> {
  // Several cities come planned with their places; one city (or one asked as a list) is one stop.
  const tripStops = stops ?? booked?.stops ?? requestStops(request, [place]);
  // With a geocoder, the plan's activities are placed after the trip opened (one lookup a second).
  const placing = deps.geo.locatesActivities
    ? plannedPlacements(
        itinerary,
        tripStops.map((stop) => stop.place),
      )
    : { itinerary, jobs: [] };
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
      itinerary: placing.itinerary,
      place,
      stops: tripStops,
      ...(booked ? { transport: booked.transport, stays: booked.stays } : {}),
      grounding,
      status: TRIP_STATUS_GENERATED,
    },
    (tx, row) => insertPlacements(tx, row.id, userId, placing.jobs),
  );
  if (placing.jobs.length > 0) deps.placements.kick();
  return { ...toTripDto(row, { role: "owner", ownerName }), ...placingOf(placing.jobs.length) };
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

/**
 * `POST /api/trips`: generate an itinerary and save the trip. `Accept: text/event-stream` streams
 * `start`, `outline`, `day`… then `done` (with the trip) or `error`; otherwise 201 `{ trip }`.
 */
export const tripGenerationRoutes = new Hono<AppBindings>().post(
  "/",
  async (c, next) => {
    await requireUser(c);
    await next();
  },
  validate("json", tripRequestSchema),
  async (c) => {
    const deps = c.var.deps;
    const user = await requireUser(c);
    const request = c.req.valid("json");
    const planRest = request.planRest !== false;
    await assertRoomForTrip(deps, user.id);
    if (planRest) await enforceGenerationLimit(deps, user.id, c.var.clientIp);
    await enforceTripCreateLimit(deps, user.id);

    // Its geocoder lookups take turns with other users' in the shared queue. The plan's activities
    // are not looked up while it is written: the trip opens with its days, and they are placed after
    // (saveTrip), their pins arriving as live changes.
    const lookups = lookupsOf(deps.geo, { owner: user.id });
    const planning = { ...deps, geo: withoutActivityLookups(lookups) };
    // The bookings settled against the stops before any plan: a journey no stop can give a zone,
    // or a stay at no stop, is a 422 with nothing planned and nothing saved.
    const booked =
      request.bookings || !planRest
        ? await bookedTrip(
            lookups,
            request,
            request.bookings ?? { transport: [], stays: [], activities: [] },
            c.req.raw.signal,
          )
        : undefined;
    const planBookings = booked && {
      stops: booked.stops,
      transport: booked.transport,
      itinerary: booked.itinerary,
    };
    const started = performance.now();
    const logSuccess = (tripId: string, plan?: PlanTripResult) =>
      deps.logger.info(
        {
          requestId: c.var.requestId,
          tripId,
          mode: plan ? deps.ai.mode : "bookings",
          days: tripDates(request.startDate, request.endDate).length,
          usage: plan?.usage,
          placeResolved: (plan ?? booked)?.place != null,
          grounding: plan?.grounding.status,
          warnings: plan?.warnings.length,
          bookings: booked
            ? {
                transport: booked.transport.length,
                stays: booked.stays.length,
                activities: request.bookings?.activities.length ?? 0,
              }
            : undefined,
          ms: Math.round(performance.now() - started),
        },
        plan ? "itinerary generated" : "trip created from bookings",
      );

    if (!c.req.header("accept")?.includes("text/event-stream")) {
      const controller = new AbortController();
      c.req.raw.signal.addEventListener("abort", () => controller.abort(), { once: true });
      try {
        if (!planRest && booked) {
          const trip = await saveTrip(deps, user, request, bookedOnly(booked), booked);
          logSuccess(trip.id);
          return c.json({ trip }, 201);
        }
        const plan = await planTrip(planning, request, { signal: controller.signal }, planBookings);
        const trip = await saveTrip(deps, user, request, plan, booked);
        logSuccess(trip.id, plan);
        return c.json({ trip }, 201);
      } catch (error) {
        logFailure(deps, c.var.requestId, error, "itinerary generation failed");
        const failure = describeFailure(error);
        throw new AppError(failure.status, failure.code, failure.message, { cause: error });
      }
    }

    return streamProgress(c, {
      start: { mode: deps.ai.mode, days: tripDates(request.startDate, request.endDate) },
      failure: "itinerary generation failed",
      run: async (signal, send) => {
        if (!planRest && booked) {
          booked.itinerary.days.forEach(
            (day, index) => void send("day", { type: "day", index, day }),
          );
          const trip = await saveTrip(deps, user, request, bookedOnly(booked), booked);
          logSuccess(trip.id);
          return { trip };
        }
        const plan = await planTrip(
          planning,
          request,
          { signal, onEvent: (event) => void send(event.type, event) },
          planBookings,
        );
        // The browser left: the itinerary is complete but nobody asked to keep it.
        if (signal.aborted) return undefined;
        const trip = await saveTrip(deps, user, request, plan, booked);
        logSuccess(trip.id, plan);
        return { trip };
      },
    });
  },
);
