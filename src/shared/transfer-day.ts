import type { TripPlace } from "./schemas/itinerary.ts";
import type { Transport, TripStop } from "./schemas/trip-stops.ts";
import {
  routedAllowance,
  transferAllowance,
  type TransferAllowance,
} from "./transfer-allowance.ts";
import { stopIndexesOn } from "./trip-stop-days.ts";
import { epochToZoned, zonedToEpoch } from "./zoned-time.ts";

/*
 * A transfer day's clock: when the traveller leaves one stop and reaches the next, in each stop's own
 * local time. The planner leaves the morning to the first city and the rest of the day, after the
 * journey, to the next; a saved transport's own times win.
 */

/** Without a transport the planner leaves after a morning visit (09:30 to 11:00). */
export const PLANNED_DEPARTURE_MINUTES = 11 * 60;
/** A journey between stops whose places are unknown: half a day, rather than none. */
export const UNKNOWN_JOURNEY_MINUTES = 4 * 60;
export const MINUTES_PER_DAY = 24 * 60;

export type TransferDay = {
  from: number;
  to: number;
  /** Leaving `from`, minutes after midnight in its zone. */
  departure: number;
  /** Reaching `to`, minutes after midnight in its zone (past MINUTES_PER_DAY: the next day). */
  arrival: number;
  transport: Transport | null;
  /** The journey by distance, when both places are known (shown on the day without a transport). */
  allowance: TransferAllowance | null;
};

type StopLike = Pick<TripStop, "startDate" | "endDate" | "destination" | "journey"> & {
  place: TripPlace | null;
};

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Minutes after midnight of `date` in `zone` at which an instant falls (negative: before the date). */
function minutesOnDate(epochMs: number, zone: string, date: string): number {
  const local = epochToZoned(epochMs, zone);
  const dayStart = zonedToEpoch(`${local.slice(0, 10)}T00:00`, zone) ?? epochMs;
  const days = Math.round((Date.parse(local.slice(0, 10)) - Date.parse(date)) / 86_400_000);
  return days * MINUTES_PER_DAY + Math.round((epochMs - dayStart) / 60_000);
}

/** The saved journey leaving on `date`: one naming either stop first, else the first that day. */
export function transportOn(
  transport: readonly Transport[],
  date: string,
  names: readonly string[] = [],
): Transport | null {
  const leaving = transport.filter((t) => t.departAt.slice(0, 10) === date);
  const key = (text: string) => text.toLowerCase();
  const named = leaving.find((t) =>
    names.some((n) => key(t.from).includes(key(n)) || key(t.to).includes(key(n))),
  );
  return named ?? leaving[0] ?? null;
}

/** The journey's time from its own end points' local times, or null when they do not parse. */
function transportTimes(t: Transport, date: string, fromZone: string, toZone: string) {
  const depart = zonedToEpoch(t.departAt, t.departZone || fromZone);
  const arrive = zonedToEpoch(t.arriveAt, t.arriveZone || toZone);
  if (depart === null || arrive === null) return null;
  return {
    departure: minutesOnDate(depart, fromZone, date),
    arrival: minutesOnDate(arrive, toZone, date),
  };
}

/**
 * The transfer of a day that touches two stops, or null on a day in one city. Without a saved
 * transport: leave at PLANNED_DEPARTURE_MINUTES (or `departure`, when the day already says when the
 * traveller leaves), arrive after the allowance by distance, in the next stop's zone.
 */
export function transferOn(
  date: string,
  stops: readonly StopLike[],
  transport: readonly Transport[] = [],
  departure: number = PLANNED_DEPARTURE_MINUTES,
): TransferDay | null {
  const indexes = stopIndexesOn(stops, date);
  if (indexes.length < 2) return null;
  const [from = 0, to = 1] = indexes;
  const a = stops[from];
  const b = stops[to];
  if (!a || !b) return null;
  const fromZone = a.place?.timezone ?? "UTC";
  const toZone = b.place?.timezone ?? fromZone;
  // The routers' journey (issue 46), when it was asked for this day: it leaves when the day does.
  const routed = b.journey?.departAt.slice(0, 10) === date ? b.journey : undefined;
  const fromEnd = a.place && { ...a.place, name: a.destination };
  const toEnd = b.place && { ...b.place, name: b.destination };
  const allowance =
    fromEnd && toEnd
      ? routed
        ? routedAllowance(routed, fromEnd, toEnd)
        : transferAllowance(fromEnd, toEnd)
      : null;
  const saved = transportOn(transport, date, [a.destination, b.destination]);
  const times = saved ? transportTimes(saved, date, fromZone, toZone) : null;
  if (saved && times) return { from, to, ...times, transport: saved, allowance };
  const depart = routed ? zonedToEpoch(routed.departAt, fromZone) : null;
  const arrive = routed ? zonedToEpoch(routed.arriveAt, toZone) : null;
  if (routed && depart !== null && arrive !== null && departure === PLANNED_DEPARTURE_MINUTES)
    return {
      from,
      to,
      departure: minutesOnDate(depart, fromZone, date),
      arrival: minutesOnDate(arrive, toZone, date),
      transport: null,
      allowance,
    };
  const minutes = Math.round(allowance?.minutes ?? UNKNOWN_JOURNEY_MINUTES);
  const leave = zonedToEpoch(
    `${date}T${clockOf(Math.min(departure, MINUTES_PER_DAY - 1))}`,
    fromZone,
  );
  const arrival =
    leave === null ? departure + minutes : minutesOnDate(leave + minutes * 60_000, toZone, date);
  return { from, to, departure, arrival, transport: null, allowance };
}
