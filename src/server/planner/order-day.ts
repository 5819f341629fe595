import { formatDuration } from "#shared/format.ts";
import { openAtIn } from "#shared/opening-hours.ts";
import type { OpenAt } from "#shared/realism.ts";
import {
  ALREADY_BEST_MESSAGE,
  NO_ORDER_MESSAGE,
  type DayOrderResponse,
} from "#shared/schemas/day-order.ts";
import type { Activity, Day, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import {
  DEFAULT_TRAVEL_MODE,
  type Travel,
  type TravelMode,
  type TravelModePreferences,
} from "#shared/schemas/travel.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { MINUTES_PER_DAY, minutesOf } from "#shared/transfer-day.ts";
import { dayTravelMinutes } from "#shared/travel-leg.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { legMatrix } from "../routing/leg-matrix.ts";
import { stayBefore } from "../routing/route-legs.ts";
import type { AskOptions, LatLng, Routing } from "../routing/routing-types.ts";
import type { DayWindow } from "./day-windows.ts";
import { clock } from "./fit-around-bookings.ts";
import { bookedWindows, stopWindows } from "./journey-windows.ts";
import { bestOrder, scheduleOrder, type OrderItem, type Schedule } from "./order-search.ts";

/** A visit moved by the order ends by then, unless it already ended later (a late concert). */
const LATEST_MOVED_END = 22 * 60 + 30;

/**
 * Where a meal may start, by the word that names it: lunch at 16:00 is no lunch. A meal the
 * traveller set outside its window may stay where they put it.
 */
const MEAL_WINDOWS: readonly { word: RegExp; from: number; until: number }[] = [
  { word: /\bbreakfast\b/i, from: 7 * 60, until: 10 * 60 + 30 },
  { word: /\bbrunch\b/i, from: 10 * 60, until: 13 * 60 },
  { word: /\blunch\b/i, from: 11 * 60 + 30, until: 14 * 60 + 30 },
  { word: /\b(dinner|supper)\b/i, from: 18 * 60, until: 21 * 60 + 30 },
];

export function mealWindow(activity: Pick<Activity, "activity" | "time">) {
  const meal = MEAL_WINDOWS.find((m) => m.word.test(activity.activity));
  if (!meal) return null;
  const now = minutesOf(activity.time);
  return { from: Math.min(meal.from, now), until: Math.max(meal.until, now) };
}

export type OrderDayInput = {
  itinerary: Itinerary;
  date: string;
  place: TripPlace | null;
  stops: readonly TripStop[];
  stays: readonly Stay[];
  transport: readonly Transport[];
  travelMode: TravelModePreferences | null;
  legModes: Readonly<Record<string, TravelMode>>;
};

const located = (a: Pick<Activity, "lat" | "lng">): LatLng | null =>
  a.lat === null || a.lng === null ? null : { lat: a.lat, lng: a.lng };

type Part = {
  activities: Activity[];
  current: Schedule | null;
  best: Schedule | null;
  exact: boolean;
  /** The leg into item j from item i (the stay is `activities.length`). */
  legs: (Travel | null)[][];
};

/** One stop's part of the day, ordered: its visits, their legs and the best order found. */
async function orderPart(
  routing: Routing,
  input: OrderDayInput,
  activities: Activity[],
  window: DayWindow | undefined,
  stay: LatLng | null,
  openAt: OpenAt | undefined,
  ask: AskOptions,
): Promise<Part> {
  const day = input.itinerary.days.find((d) => d.date === input.date)!;
  const predecessor = new Map(
    day.activities.map((a, k) => [a.id, k > 0 ? day.activities[k - 1]!.id : "stay"]),
  );
  const ids = [...activities.map((a) => a.id), "stay"];
  const legs = await legMatrix(routing, {
    points: [...activities.map(located), stay],
    chosen: [...activities.map((a) => input.legModes[a.id]), undefined],
    // The leg the trip holds for its current order (a transit journey is reused as it is).
    known: (i, j) =>
      predecessor.get(ids[j]!) === ids[i] ? (activities[j]?.travel ?? undefined) : undefined,
    travelMode: input.travelMode ?? DEFAULT_TRAVEL_MODE,
    ask,
  });
  const items: OrderItem[] = activities.map((a) => {
    const start = minutesOf(a.time);
    const meal = mealWindow(a);
    const hours = a.osmId !== null && a.openingHours ? a.openingHours : null;
    const open = new Map<number, boolean>();
    return {
      start,
      durationMinutes: a.durationMinutes,
      fixed: a.booked === true || located(a) === null,
      located: located(a) !== null,
      openAt:
        hours && openAt
          ? (at: number) => {
              if (!open.has(at))
                open.set(at, openAt(hours, input.date, clock(at % MINUTES_PER_DAY)) !== "closed");
              return open.get(at)!;
            }
          : undefined,
      startFrom: Math.max(meal?.from ?? 0, window?.from ?? 0),
      startUntil: meal?.until ?? MINUTES_PER_DAY,
      endBy: Math.min(
        Math.max(LATEST_MOVED_END, start + a.durationMinutes),
        window?.until ?? MINUTES_PER_DAY,
      ),
    };
  });
  const problem = {
    items,
    leg: (i: number, j: number) => legs[i]?.[j]?.minutes ?? null,
    fromStay: stay !== null,
  };
  const current = scheduleOrder(problem, [...activities.keys()]);
  const { schedule, exact } = bestOrder(problem);
  return { activities, current, best: schedule, exact, legs };
}

/** The part's visits in the schedule's order, at its times, each with the leg reaching it. */
function scheduled(part: Part, schedule: Schedule): Activity[] {
  // From the stay first (its row has no legs without one), then from the last located visit.
  let last = part.activities.length;
  return schedule.order.map((j, k) => {
    const { travel: _old, ...activity } = part.activities[j]!;
    const travel = part.legs[last]?.[j];
    if (activity.lat !== null && activity.lng !== null) last = j;
    const moved = { ...activity, time: clock(schedule.starts[k]!) };
    return travel ? { ...moved, travel } : moved;
  });
}

const differs = (s: Schedule) => s.order.some((j, k) => j !== k);
const usesEstimate = (part: Part, schedule: Schedule | null) =>
  schedule !== null && scheduledLegs(part, schedule).some((t) => t.source === "estimate");
const scheduledLegs = (part: Part, schedule: Schedule) =>
  scheduled(part, schedule).flatMap((a) => (a.travel ? [a.travel] : []));

/**
 * "Order this day" (issue 46): the order of the day's activities that travels least while every
 * visit is open when it is reached (its place's opening hours) and every meal starts in its window,
 * weighed with the routers' legs (their cached tables; estimates when they are off). Booked and
 * unlocated activities keep their times; the others take the day's start times in the new order,
 * later where a leg, an opening or a meal asks for it. Each stop's part of a transfer day is
 * ordered on its own. Nothing is saved: a proposal, accepted through PATCH like a regenerated day.
 */
export async function orderDay(
  deps: { routing: Routing },
  input: OrderDayInput,
  signal?: AbortSignal,
): Promise<Omit<DayOrderResponse, "version">> {
  const day: Day | undefined = input.itinerary.days.find((d) => d.date === input.date);
  if (!day) throw new Error("the route checks the day exists");
  const windows =
    input.transport.length > 0
      ? bookedWindows(input.stops, input.transport)
      : stopWindows(input.stops);
  const ask: AskOptions = { signal, maxWaitMs: 2000 };
  // A day's parts by stop, in the day's order (a transfer day: the city left, then the next).
  const byStop = new Map<number, Activity[]>();
  for (const a of day.activities) {
    const stop = activityStopIndex(a, day);
    byStop.set(stop, [...(byStop.get(stop) ?? []), a]);
  }
  const parts: Part[] = [];
  for (const [stopIndex, activities] of byStop) {
    const place = input.stops[stopIndex]?.place ?? input.place;
    parts.push(
      await orderPart(
        deps.routing,
        input,
        activities,
        windows[stopIndex]?.[input.date],
        // Only the day's first visit is reached from the night's stay (as its legs are routed).
        parts.length === 0 ? stayBefore(input.stays, input.date) : null,
        place ? openAtIn(place) : undefined,
        ask,
      ),
    );
  }

  // A part is reordered when its best order differs and travels less (or the current one breaks
  // an opening or a meal's window and the best one does not).
  const reorder = parts.map(
    (p) => p.best !== null && differs(p.best) && (!p.current || p.best.travel < p.current.travel),
  );
  const chosen = parts.map((p, k) => (reorder[k] ? p.best : p.current));
  const before = parts.every((p) => p.current)
    ? parts.reduce((sum, p) => sum + p.current!.travel, 0)
    : null;
  const after = chosen.reduce((sum, s) => sum + (s?.travel ?? 0), 0);
  const exact = parts.every((p) => p.exact);
  const estimated = parts.some((p, k) => usesEstimate(p, chosen[k] ?? null));
  const outcome = reorder.some(Boolean)
    ? "reordered"
    : parts.some((p) => !p.best)
      ? "no-order"
      : "already-best";
  const activities = parts.flatMap((p, k) =>
    reorder[k] && p.best ? scheduled(p, p.best) : p.activities,
  );
  const estimateNote = estimated ? " Some legs are estimated." : "";
  const message =
    outcome === "already-best"
      ? ALREADY_BEST_MESSAGE
      : outcome === "no-order"
        ? NO_ORDER_MESSAGE
        : before === null
          ? `This order keeps every place open when it is reached and every meal in its window, with ${formatDuration(after)} of travel.${estimateNote}`
          : `This order travels ${formatDuration(after)} instead of ${formatDuration(before)}.${estimateNote}`;
  return {
    outcome,
    proposal: { ...day, activities: outcome === "reordered" ? activities : day.activities },
    // Not reordered: the day's own legs (as saved, when its order breaks a rule).
    travelMinutes: {
      before,
      after: outcome === "reordered" ? after : (before ?? dayTravelMinutes(day)),
    },
    exact,
    estimated,
    message,
  };
}
