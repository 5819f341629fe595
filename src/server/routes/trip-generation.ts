import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { TRIP_STATUS_GENERATED } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { tripDates, tripRequestSchema, type TripRequest } from "#shared/schemas/trip-request.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { AppDeps, AppBindings } from "../context.ts";
import { trips } from "../db/schema.ts";
import { AppError } from "../lib/http-errors.ts";
import { enforceRateLimit } from "../lib/rate-limit.ts";
import { requireUser } from "../lib/session.ts";
import { toTripDto } from "../lib/trip-dto.ts";
import { validate } from "../lib/validate.ts";
import { GenerationError } from "../services/ai/itinerary-generator.ts";

const HOUR_SECONDS = 60 * 60;
/** Keeps proxies from closing a quiet stream while a slow model works. */
const HEARTBEAT_MS = 15_000;

/** One insert, only after the whole itinerary validated: a failed or abandoned generation leaves no row. */
async function saveTrip(
  deps: AppDeps,
  userId: string,
  request: TripRequest,
  itinerary: Itinerary,
): Promise<Trip> {
  const [row] = await deps.database.db
    .insert(trips)
    .values({
      userId,
      destination: request.destination,
      startDate: request.startDate,
      endDate: request.endDate,
      budget: request.budget,
      travelStyle: request.travelStyle,
      interests: request.interests,
      itinerary,
      status: TRIP_STATUS_GENERATED,
    })
    .returning();
  if (!row) throw new Error("trip insert returned no row");
  return toTripDto(row);
}

/** The user-facing side of a failure: the spec's message, a code that says which failure it was. */
function describeFailure(error: unknown) {
  if (error instanceof GenerationError)
    return {
      status: error.code === "ai_timeout" ? (504 as const) : (502 as const),
      code: error.code,
      message: error.message,
    };
  return { status: 500 as const, code: "internal", message: MESSAGES.generateTripFailed };
}

function logFailure(deps: AppDeps, requestId: string, error: unknown) {
  const cause = error instanceof Error ? error.cause : undefined;
  deps.logger.warn(
    {
      requestId,
      code: error instanceof GenerationError ? error.code : "internal",
      err: error instanceof Error ? error.message : String(error),
      cause: cause instanceof Error ? cause.message : cause,
    },
    "itinerary generation failed",
  );
}

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
    // Per account, and per client address so that throwaway accounts do not multiply the limit.
    // The account is counted first: a refused request does not use up the address's budget.
    // Both refusals read the same (the per-account number is the one a person meets).
    const limit = deps.env.GENERATION_RATE_LIMIT;
    const message = `You have reached the limit of ${limit} trip plans per hour. Please try again later.`;
    await enforceRateLimit(deps.database.db, {
      key: `generation:${user.id}`,
      limit,
      windowSeconds: HOUR_SECONDS,
      message,
    });
    await enforceRateLimit(deps.database.db, {
      key: `generation:ip:${c.var.clientIp}`,
      limit: deps.env.GENERATION_IP_RATE_LIMIT,
      windowSeconds: HOUR_SECONDS,
      message,
    });

    const started = performance.now();
    const logSuccess = (tripId: string, usage: object) =>
      deps.logger.info(
        {
          requestId: c.var.requestId,
          tripId,
          mode: deps.ai.mode,
          days: tripDates(request.startDate, request.endDate).length,
          usage,
          ms: Math.round(performance.now() - started),
        },
        "itinerary generated",
      );

    if (!c.req.header("accept")?.includes("text/event-stream")) {
      const controller = new AbortController();
      c.req.raw.signal.addEventListener("abort", () => controller.abort(), { once: true });
      try {
        const { itinerary, usage } = await deps.ai.generate(request, { signal: controller.signal });
        const trip = await saveTrip(deps, user.id, request, itinerary);
        logSuccess(trip.id, usage);
        return c.json({ trip }, 201);
      } catch (error) {
        logFailure(deps, c.var.requestId, error);
        const failure = describeFailure(error);
        throw new AppError(failure.status, failure.code, failure.message, { cause: error });
      }
    }

    return streamSSE(c, async (stream) => {
      const controller = new AbortController();
      stream.onAbort(() => controller.abort());
      const send = (event: string, data: unknown) =>
        stream.writeSSE({ event, data: JSON.stringify(data) }).catch(() => controller.abort());
      const heartbeat = setInterval(() => {
        void stream.write(": keep-alive\n\n").catch(() => controller.abort());
      }, HEARTBEAT_MS);

      try {
        await send("start", {
          mode: deps.ai.mode,
          days: tripDates(request.startDate, request.endDate),
        });
        const { itinerary, usage } = await deps.ai.generate(request, {
          signal: controller.signal,
          onEvent: (event) => void send(event.type, event),
        });
        // The browser left: the itinerary is complete but nobody asked to keep it.
        if (controller.signal.aborted) return;
        const trip = await saveTrip(deps, user.id, request, itinerary);
        logSuccess(trip.id, usage);
        await send("done", { trip });
      } catch (error) {
        if (controller.signal.aborted) return;
        logFailure(deps, c.var.requestId, error);
        const { code, message } = describeFailure(error);
        await send("error", { code, message });
      } finally {
        clearInterval(heartbeat);
      }
    });
  },
);
