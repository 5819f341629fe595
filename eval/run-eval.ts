import { planTrip } from "#server/planner/plan-trip.ts";
import { routeLegs } from "#server/routing/route-legs.ts";
import { DEFAULT_TRAVEL_MODE } from "#shared/schemas/travel.ts";
import type { PlanTripResult } from "#server/planner/planning-types.ts";
import type { GenerateOptions } from "#server/planner/itinerary-generator.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { failedRow, measureTrip, type EvalRow } from "./metrics.ts";
import type { EvalRequest } from "./requests.ts";
import type { EvalServices } from "./services.ts";
import { measureWholeTrip, type WholeTripMeasures } from "./whole-trip-measures.ts";
import { asksWholeTrip } from "#server/planner/plan-whole-trip.ts";
import { createOsmSources } from "#server/sources/osm-sources.ts";
import { DISABLED_PLACES } from "#server/services/places/places-service.ts";

/** Plans one trip the way POST /api/trips does: the real pipeline, with the services given. */
export type Plan = (
  request: TripRequest,
  options: GenerateOptions,
) => Promise<PlanTripResult & { measures?: WholeTripMeasures }>;

/** Whether the request asks for the whole trip (a party), so its row gets those measures. */
const hasParty = (request: TripRequest) =>
  asksWholeTrip({
    origin: request.origin ?? null,
    travellers: request.travellers,
    lodging: request.lodging,
    cuisines: request.cuisines,
    avoid: request.avoid,
  });

/** The stays each stop's source offers (cached by then): what the planned stays are checked against. */
const stayOffers = (services: EvalServices, request: TripRequest, plan: PlanTripResult) => {
  const sources = createOsmSources({
    places: services.places ?? DISABLED_PLACES,
    travelStyle: request.travelStyle,
  });
  return Promise.all(
    (plan.stops ?? []).map((s) =>
      sources.stays({ name: s.destination, place: s.place }).catch(() => []),
    ),
  );
};

export const planWith =
  (services: EvalServices): Plan =>
  async (request, options) => {
    const planned = await planTrip(services, request, options);
    const plan = hasParty(request)
      ? {
          ...planned,
          measures: measureWholeTrip(
            request,
            planned,
            await stayOffers(services, request, planned),
          ),
        }
      : planned;
    if (!services.routing) return plan;
    // Every leg routed as a save routes it (issue 46): the share routed and the days' travel time.
    const itinerary = await routeLegs(services.routing, {
      itinerary: plan.itinerary,
      previous: null,
      stops: plan.stops ?? [],
      stays: [],
      travelMode: DEFAULT_TRAVEL_MODE,
      legModes: {},
      signal: options.signal,
    });
    return { ...plan, itinerary };
  };

export type RunOptions = {
  /** Each request is given up after this long (its row then carries the timeout as its error). */
  timeoutMs: number;
  /** Called after each request, for progress output. */
  onRow?: (row: EvalRow, index: number) => void;
  now?: () => number;
};

const messageOf = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
    .split("\n")[0]!
    .slice(0, 300);

/**
 * Runs the requests one after another (bounded: one request, one model at a time), timing the first
 * `day` event and the whole plan. A failing request becomes a row with its error; the run goes on.
 */
export async function runEval(
  plan: Plan,
  requests: readonly EvalRequest[],
  options: RunOptions,
): Promise<EvalRow[]> {
  const now = options.now ?? (() => performance.now());
  const rows: EvalRow[] = [];
  for (const [index, entry] of requests.entries()) {
    const started = now();
    // Tenths of a millisecond: finer is noise, and it keeps the JSON readable.
    const elapsed = () => Math.round((now() - started) * 10) / 10;
    let firstDayMs: number | null = null;
    const signal = AbortSignal.timeout(options.timeoutMs);
    let row: EvalRow;
    try {
      const result = await plan(entry.request, {
        signal,
        onEvent: (event) => {
          if (event.type === "day" && firstDayMs === null) firstDayMs = elapsed();
        },
      });
      row = measureTrip(
        entry,
        {
          itinerary: result.itinerary,
          place: result.place,
          usage: result.usage,
          stops: result.stops,
          wholeTrip: result.measures ?? null,
        },
        { firstDayMs, wholeMs: elapsed() },
      );
    } catch (error) {
      const reason = signal.aborted ? `Timed out after ${options.timeoutMs} ms` : messageOf(error);
      row = failedRow(entry, reason, { firstDayMs, wholeMs: elapsed() });
    }
    rows.push(row);
    options.onRow?.(row, index);
  }
  return rows;
}
