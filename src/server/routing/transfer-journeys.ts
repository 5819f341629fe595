import type { StopJourney, TripStop } from "#shared/schemas/trip-stops.ts";
import { PLANNED_DEPARTURE_MINUTES } from "#shared/transfer-day.ts";
import { epochToZoned, zonedToEpoch } from "#shared/zoned-time.ts";
import type { Routing, TransitJourney, TransitRide } from "./routing-types.ts";

/** MOTIS modes of coaches; every other ride of a long-distance journey is a train. */
const COACH_MODES = new Set(["COACH", "BUS"]);

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const local = (iso: string | number, zone: string) =>
  epochToZoned(typeof iso === "number" ? iso : Date.parse(iso), zone).slice(0, 16);
const rideMs = (ride: TransitRide) => Date.parse(ride.arriveAt) - Date.parse(ride.departAt);

/** The journey's longest ride names it: the TGV, not the métro to the station. */
function byTransit(journey: TransitJourney, fromZone: string, toZone: string): StopJourney | null {
  const rides = journey.rides.filter((ride) => ride.mode !== "WALK");
  const main = rides.reduce<TransitRide | null>(
    (best, ride) => (!best || rideMs(ride) > rideMs(best) ? ride : best),
    null,
  );
  if (!main) return null;
  return {
    mode: COACH_MODES.has(main.mode) ? "coach" : "train",
    minutes: Math.max(1, Math.round(journey.seconds / 60)),
    departAt: local(journey.departAt, fromZone),
    arriveAt: local(journey.arriveAt, toZone),
    line: main.name || null,
    board: main.from || null,
    boardAt: local(main.departAt, fromZone).slice(11),
    alight: main.to || null,
    alightAt: local(main.arriveAt, toZone).slice(11),
    source: "transit",
  };
}

type TransferOptions = { signal?: AbortSignal; maxWaitMs?: number };

/** The journey reaching `stop` from `before` (none without both places or an answer). */
async function journeyTo(
  routing: Routing,
  before: TripStop | undefined,
  stop: TripStop,
  options: TransferOptions,
): Promise<TripStop> {
  const { journey: _old, ...rest } = stop;
  if (!before?.place || !stop.place) return rest;
  const fromZone = before.place.timezone;
  const toZone = stop.place.timezone;
  const leaveLocal = `${stop.startDate}T${clock(PLANNED_DEPARTURE_MINUTES)}`;
  const leave = zonedToEpoch(leaveLocal, fromZone);
  if (leave === null) return rest;
  const journeys = await routing.plan(before.place, stop.place, new Date(leave), options);
  const transit = journeys?.map((j) => byTransit(j, fromZone, toZone)).find(Boolean);
  if (transit) return { ...rest, journey: transit };
  const table = await routing.table("car", [before.place, stop.place], options);
  const cell = table?.cells[0]?.[1];
  if (!cell) return rest;
  const minutes = Math.max(1, Math.round(cell.seconds / 60));
  return {
    ...rest,
    journey: {
      mode: "road",
      minutes,
      departAt: leaveLocal,
      arriveAt: local(leave + minutes * 60_000, toZone),
      line: null,
      board: null,
      boardAt: null,
      alight: null,
      alightAt: null,
      source: "router",
    },
  };
}

/**
 * Each stop with the journey reaching it from the one before (issue 46): asked from the transit
 * router (long-distance rail and coaches) at the planned departure of its transfer day, else by road
 * from the street router's car profile; without either, no journey (the day keeps the estimate by
 * distance). A router's failure never fails the plan.
 */
export async function routeTransfers(
  routing: Routing,
  stops: readonly TripStop[],
  signal?: AbortSignal,
): Promise<TripStop[]> {
  return Promise.all(stops.map((stop, i) => journeyTo(routing, stops[i - 1], stop, { signal })));
}

const samePlace = (a: TripStop["place"] | undefined, b: TripStop["place"] | undefined) =>
  a?.lat === b?.lat && a?.lng === b?.lng;

/**
 * The stops after an edit (order, cities, nights or dates changed): a stop keeps what it had only
 * when its two cities, their order and its day are what they were; every other journey is asked
 * again, so a reordered or renamed city is never reached by the journey of the trip before the edit.
 */
export async function routeTransfersAfterEdit(
  routing: Routing,
  before: readonly TripStop[],
  after: readonly TripStop[],
  options: TransferOptions,
): Promise<TripStop[]> {
  return Promise.all(
    after.map(async (stop, i): Promise<TripStop> => {
      const k = before.findIndex((s) => s.id === stop.id);
      const was = before[k];
      const wasBefore = k > 0 ? before[k - 1] : undefined;
      const nowBefore = i > 0 ? after[i - 1] : undefined;
      const unchanged =
        was !== undefined &&
        wasBefore?.id === nowBefore?.id &&
        samePlace(wasBefore?.place, nowBefore?.place) &&
        samePlace(was.place, stop.place) &&
        was.startDate === stop.startDate;
      // Unchanged: what it had, a journey or none (a failed ask is not repeated at every save).
      if (unchanged) {
        const { journey: _dropped, ...rest } = stop;
        return was.journey ? { ...rest, journey: was.journey } : rest;
      }
      return journeyTo(routing, nowBefore, stop, options);
    }),
  );
}
