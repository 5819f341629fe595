import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type {
  Stay,
  stayInputSchema,
  Transport,
  transportInputSchema,
  TripStop,
} from "#shared/schemas/trip-stops.ts";
import { stopIndexForNight } from "#shared/trip-stop-days.ts";
import { zonedToEpoch } from "#shared/zoned-time.ts";
import { AppError } from "../lib/http-errors.ts";

type TransportInput = z.output<typeof transportInputSchema>;
type StayInput = z.output<typeof stayInputSchema>;

export const BOOKING_MESSAGES = {
  arrivalBeforeDeparture: "Arrival cannot be before departure",
  departZoneUnknown: "Departure zone is required: the stop's time zone is not known",
  arriveZoneUnknown: "Arrival zone is required: the stop's time zone is not known",
  stayStopMissing: "A stay must be at one of the trip's stops",
} as const;

const invalid = (message: string) => new AppError(422, "invalid_input", message);

const cityOf = (text: string) => text.split(",")[0]!.trim().toLowerCase();

/** The stop a journey's end is at: the one it names ("Lyon Part-Dieu" names Lyon), else by date. */
function stopAt(
  stops: readonly TripStop[],
  text: string,
  date: string,
  end: "depart" | "arrive",
): TripStop | undefined {
  const named = stops.find((stop) => {
    const city = cityOf(stop.destination);
    return city.length > 0 && text.toLowerCase().includes(city);
  });
  if (named) return named;
  // On a transfer day the journey leaves the stop that ends and arrives at the one that starts.
  const byDate =
    end === "depart"
      ? stops.findLast((stop) => stop.startDate < date && date <= stop.endDate)
      : stops.find((stop) => stop.startDate <= date && date < stop.endDate);
  if (byDate) return byDate;
  return date < (stops[0]?.startDate ?? date) ? stops[0] : stops[stops.length - 1];
}

/** The zone of the stop nearest a journey's end, else of any stop whose place is known. */
const zoneNear = (stops: readonly TripStop[], stop: TripStop | undefined) =>
  stop?.place?.timezone ?? stops.find((s) => s.place)?.place?.timezone ?? null;

/**
 * The journeys as saved: a known id keeps its id (a new one gets one), a zone left out is the
 * nearest stop's, and the arrival may not come before the departure in real time. In departure
 * order, so two changes that each add one merge into one order.
 */
export function transportFromPatch(
  current: readonly Transport[],
  inputs: readonly TransportInput[],
  stops: readonly TripStop[],
): Transport[] {
  const known = new Set(current.map((journey) => journey.id));
  const used = new Set<string>();
  const journeys = inputs.map((input): Transport => {
    const id = input.id && known.has(input.id) && !used.has(input.id) ? input.id : randomUUID();
    used.add(id);
    const departZone =
      input.departZone ??
      zoneNear(stops, stopAt(stops, input.from, input.departAt.slice(0, 10), "depart"));
    const arriveZone =
      input.arriveZone ??
      zoneNear(stops, stopAt(stops, input.to, input.arriveAt.slice(0, 10), "arrive"));
    if (!departZone) throw invalid(BOOKING_MESSAGES.departZoneUnknown);
    if (!arriveZone) throw invalid(BOOKING_MESSAGES.arriveZoneUnknown);
    const departs = zonedToEpoch(input.departAt, departZone);
    const arrives = zonedToEpoch(input.arriveAt, arriveZone);
    if (departs !== null && arrives !== null && arrives < departs)
      throw invalid(BOOKING_MESSAGES.arrivalBeforeDeparture);
    return { ...input, id, departZone, arriveZone };
  });
  return sortTransport(journeys);
}

export const sortTransport = (journeys: readonly Transport[]): Transport[] =>
  [...journeys].sort(
    (a, b) =>
      (zonedToEpoch(a.departAt, a.departZone) ?? 0) - (zonedToEpoch(b.departAt, b.departZone) ?? 0),
  );

export const sortStays = (stays: readonly Stay[]): Stay[] =>
  [...stays].sort((a, b) => a.checkIn.localeCompare(b.checkIn) || a.stopIndex - b.stopIndex);

/**
 * The stays as saved: ids as for journeys; without `stopIndex`, the stop whose nights include the
 * check-in night. A known stay whose name and address are unchanged keeps its location unless the
 * client sent another; the others are located by the caller (`needsLocation`).
 */
export function staysFromPatch(
  current: readonly Stay[],
  inputs: readonly StayInput[],
  stops: readonly TripStop[],
): { stays: Stay[]; needsLocation: Set<string> } {
  const known = new Map(current.map((stay) => [stay.id, stay]));
  const used = new Set<string>();
  const needsLocation = new Set<string>();
  const stays = inputs.map((input): Stay => {
    const previous = input.id && !used.has(input.id) ? known.get(input.id) : undefined;
    const id = previous?.id ?? randomUUID();
    used.add(id);
    const stopIndex = input.stopIndex ?? stopIndexForNight(stops, input.checkIn);
    if (stopIndex >= stops.length) throw invalid(BOOKING_MESSAGES.stayStopMissing);
    const pinned = input.lat !== null && input.lng !== null;
    const sameText = previous && previous.name === input.name && previous.address === input.address;
    const location = pinned
      ? { lat: input.lat, lng: input.lng, osmId: input.osmId }
      : sameText
        ? { lat: previous.lat, lng: previous.lng, osmId: previous.osmId }
        : { lat: null, lng: null, osmId: input.osmId };
    if (!pinned && !sameText) needsLocation.add(id);
    return { ...input, id, stopIndex, ...location };
  });
  return { stays: sortStays(stays), needsLocation };
}

/**
 * Stays follow their stop when the stops are reordered; a stay whose stop was removed goes to the
 * stop whose nights now include its check-in night.
 */
export function staysAfterStops(
  stays: readonly Stay[],
  before: readonly TripStop[],
  after: readonly TripStop[],
): Stay[] {
  const newIndex = new Map(after.map((stop, index) => [stop.id, index]));
  return sortStays(
    stays.map((stay) => {
      const id = before[stay.stopIndex]?.id;
      const index = id === undefined ? undefined : newIndex.get(id);
      return { ...stay, stopIndex: index ?? stopIndexForNight(after, stay.checkIn) };
    }),
  );
}
