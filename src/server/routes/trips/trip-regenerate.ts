import { DEFAULT_PARTY } from "#shared/schemas/trip-party.ts";
import { Hono } from "hono";
import { MINUTES_PER_DAY, transferOn } from "#shared/transfer-day.ts";
import {
  regenerateDayRequestSchema,
  type RegenerateDayResponse,
} from "#shared/schemas/trip-edit.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { AppBindings } from "../../http/context.ts";
import type { AppDeps } from "../../app-deps.ts";
import { DAY_NOT_FOUND, pathIds } from "../../http/path-ids.ts";
import type { TripRow } from "../../db/schema.ts";
import { describeFailure, enforceGenerationLimit, logFailure } from "../../http/generation.ts";
import { AppError, notFound } from "../../lib/http-errors.ts";
import { requireUser } from "../../http/session.ts";
import { findTripFor } from "../../trips/trip-access.ts";
import { streamProgress } from "../../http/progress-stream.ts";
import { validate } from "../../http/validate.ts";
import { planAfterArrival, regenerateStopsDay } from "../../planner/regenerate-day.ts";
import { ideasUsed } from "../../planner/planning-ideas.ts";
import { planningIdeas } from "../../ideas/planning-ideas.ts";
import { lookupsOf } from "../../services/geo/geo-service.ts";

const NO_ARRIVAL = "This day has no booked journey arriving that day";

/** A transfer day whose booked journey arrives that day: there is an afternoon to plan. */
const canPlanAfterArrival = (row: TripRow, date: string) => {
  const transfer = transferOn(date, row.stops, row.transport);
  return transfer?.transport != null && transfer.arrival < MINUTES_PER_DAY;
};

const requestOf = (row: TripRow): TripRequest => ({
  destination: row.destination,
  startDate: row.startDate,
  endDate: row.endDate,
  budget: row.budget,
  travelStyle: row.travelStyle as TripRequest["travelStyle"],
  interests: row.interests as TripRequest["interests"],
  ...(row.party ?? DEFAULT_PARTY),
});

async function proposeDay(
  deps: AppDeps,
  row: TripRow,
  date: string,
  instruction: string | undefined,
  signal: AbortSignal,
  afterArrival = false,
): Promise<RegenerateDayResponse> {
  // The same checks as a generated trip: no far pin, the geocoder's when set, matched to OSM.
  // Its geocoder lookups take turns with other users' in the shared queue.
  const planning = { ...deps, geo: lookupsOf(deps.geo, { owner: row.userId }) };
  const plan = afterArrival ? planAfterArrival : regenerateStopsDay;
  const ideas = await planningIdeas(deps.database.db, row);
  const { day: proposal, note } = await plan(
    planning,
    {
      request: requestOf(row),
      itinerary: row.itinerary,
      place: row.place,
      stops: row.stops,
      transport: row.transport,
      date,
      instruction: instruction || undefined,
      ideas,
    },
    signal,
  );
  return { proposal, version: row.version, note, ideasUsed: ideasUsed(proposal, ideas) };
}

/**
 * `POST /api/trips/:id/days/:date/regenerate`: a proposal for one day, saved nowhere (Accept sends
 * it through PATCH with `version`). Counts against the generation limit. `Accept: text/event-stream`
 * streams `start` then `done` (the same body as the JSON answer) or `error`.
 */
export const tripRegenerateRoutes = new Hono<AppBindings>().post(
  "/:id/days/:date/regenerate",
  // Signed in, a well-formed id and date, before the body is read: 401 and 404 come before 422.
  async (c, next) => {
    await requireUser(c);
    await pathIds(c, next);
  },
  validate("json", regenerateDayRequestSchema),
  async (c) => {
    const { deps } = c.var;
    const user = await requireUser(c);
    const { row } = await findTripFor(deps.database.db, user.id, c.req.param("id"), "edit");
    const date = c.req.param("date");
    if (!row.itinerary.days.some((day) => day.date === date)) throw notFound(DAY_NOT_FOUND);
    const { instruction, afterArrival } = c.req.valid("json");
    if (afterArrival && !canPlanAfterArrival(row, date))
      throw new AppError(422, "validation", NO_ARRIVAL);
    await enforceGenerationLimit(deps, user.id, c.var.clientIp);

    if (!c.req.header("accept")?.includes("text/event-stream")) {
      try {
        return c.json(
          await proposeDay(deps, row, date, instruction, c.req.raw.signal, afterArrival),
        );
      } catch (error) {
        logFailure(deps, c.var.requestId, error, "day regeneration failed");
        const failure = describeFailure(error);
        throw new AppError(failure.status, failure.code, failure.message, { cause: error });
      }
    }

    return streamProgress(c, {
      start: { mode: deps.ai.mode, date, version: row.version },
      failure: "day regeneration failed",
      run: async (signal) => {
        const answer = await proposeDay(deps, row, date, instruction, signal, afterArrival);
        return signal.aborted ? undefined : answer;
      },
    });
  },
);
