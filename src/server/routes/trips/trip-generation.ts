import { Hono } from "hono";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import { tripDates } from "#shared/trip-dates.ts";
import type { AppBindings } from "../../http/context.ts";
import { AppError } from "../../lib/http-errors.ts";
import { describeFailure, enforceGenerationLimit, logFailure } from "../../http/generation.ts";
import { requireUser } from "../../http/session.ts";
import { assertRoomForTrip } from "../../trips/trip-quota.ts";
import { enforceTripCreateLimit } from "../../http/trip-create-limit.ts";
import { streamProgress } from "../../http/progress-stream.ts";
import { validate } from "../../http/validate.ts";
import type { PlanTripResult } from "../../planner/planning-types.ts";
import { createTrip, settleBookings } from "../../trips/trip-create.ts";

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

    // The bookings settled against the stops before any plan: a journey no stop can give a zone,
    // or a stay at no stop, is a 422 with nothing planned and nothing saved.
    const booked = await settleBookings(deps, user.id, request, c.req.raw.signal);
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
        const created = await createTrip(deps, user, request, booked, {
          signal: controller.signal,
        });
        if (!created) throw new Error("a trip was dropped though nobody asked to drop it");
        logSuccess(created.trip.id, created.plan);
        return c.json({ trip: created.trip }, 201);
      } catch (error) {
        logFailure(deps, c.var.requestId, error, "itinerary generation failed");
        const failure = describeFailure(error);
        throw new AppError(failure.status, failure.code, failure.message, {
          cause: error,
          ...(failure.details ? { details: failure.details } : {}),
        });
      }
    }

    return streamProgress(c, {
      start: { mode: deps.ai.mode, days: tripDates(request.startDate, request.endDate) },
      failure: "itinerary generation failed",
      run: async (signal, send) => {
        const created = await createTrip(deps, user, request, booked, {
          signal,
          onEvent: (event) => void send(event.type, event),
          onBookedDay: (index, day) => void send("day", { type: "day", index, day }),
          // The browser left: the itinerary is complete but nobody asked to keep it.
          dropIfAborted: true,
        });
        if (!created) return undefined;
        logSuccess(created.trip.id, created.plan);
        return { trip: created.trip };
      },
    });
  },
);
