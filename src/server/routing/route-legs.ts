import { isDeepStrictEqual } from "node:util";
import { endTime } from "#shared/format.ts";
import { distanceKm, travelMinutes, WALKING_MAX_KM, WALKING_SPEED_KMH } from "#shared/geo.ts";
import type { Activity, Day, Itinerary } from "#shared/schemas/itinerary.ts";
import type { Travel, TravelMode, TravelModePreferences } from "#shared/schemas/travel.ts";
import type { Stay, TripStop } from "#shared/schemas/trip-stops.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { epochToZoned, zonedToEpoch } from "#shared/zoned-time.ts";
import type {
  LatLng,
  Routing,
  StreetMatrix,
  StreetProfile,
  TransitJourney,
} from "./routing-types.ts";

type Origin = { point: LatLng; leaveAt: string };

/** A leg to route: the activity it reaches, where from and when, and what decides it. */
export type Leg = {
  activityId: string;
  from: LatLng;
  to: LatLng;
  /** Local date and time of the departure, `YYYY-MM-DDTHH:MM`. */
  departLocal: string;
  zone: string;
  chosen: TravelMode | undefined;
};

/** From a stay, a day's first leg is asked this long before the first activity starts. */
const STAY_DEPARTURE_LEAD_MINUTES = 45;

const located = (a: { lat: number | null; lng: number | null }): LatLng | null =>
  a.lat === null || a.lng === null ? null : { lat: a.lat, lng: a.lng };

/** The stay the travellers wake up in on `date` (its night before), when it is located. */
export function stayBefore(stays: readonly Stay[], date: string): LatLng | null {
  const stay = stays.find((s) => s.checkIn < date && date <= s.checkOut && located(s));
  return stay ? located(stay) : null;
}

/** Where each activity's leg starts and when, day by day (null: it has no leg). */
function originsOf(
  itinerary: Itinerary,
  stays: readonly Stay[],
): Map<string, { origin: Origin; to: LatLng; day: Day; activity: Activity } | null> {
  const out = new Map<
    string,
    { origin: Origin; to: LatLng; day: Day; activity: Activity } | null
  >();
  for (const day of itinerary.days)
    day.activities.forEach((activity, k) => {
      const to = located(activity);
      const before = k > 0 ? day.activities[k - 1]! : null;
      const fromStay = k === 0 ? stayBefore(stays, day.date) : null;
      const point = before ? located(before) : fromStay;
      if (!to || !point) return out.set(activity.id, null);
      // From one city to the next on a transfer day: the journey between the stops is that leg
      // (planned or booked), not a walk or a ride across the country.
      if (before && activityStopIndex(before, day) !== activityStopIndex(activity, day))
        return out.set(activity.id, null);
      const leaveAt = before
        ? endTime(before.time, before.durationMinutes)
        : endTime(activity.time, 1440 - STAY_DEPARTURE_LEAD_MINUTES);
      out.set(activity.id, { origin: { point, leaveAt }, to, day, activity });
    });
  return out;
}

const pointKey = (p: LatLng) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;
const minutesOf = (seconds: number) => (seconds <= 0 ? 0 : Math.max(1, Math.round(seconds / 60)));

/** The straight-line guess for a leg, labelled an estimate (what a leg is when no router answers). */
export function estimate(
  leg: Pick<Leg, "from" | "to" | "chosen">,
  prefs: TravelModePreferences,
): Travel {
  const km = distanceKm(leg.from, leg.to);
  // A walk is timed at walking speed, whatever the distance (3 km is about 40 minutes on foot, not
  // the 8 a ride would take): walking when that fits the trip's longest walk.
  const walkMinutes = Math.round((km / WALKING_SPEED_KMH) * 60);
  const walks = leg.chosen
    ? leg.chosen === "walk"
    : km <= WALKING_MAX_KM || walkMinutes <= prefs.maxWalkMinutes;
  const ride: TravelMode = prefs.modes.includes("transit") ? "transit" : "drive";
  return {
    mode: leg.chosen ?? (walks ? "walk" : ride),
    // A day holds at most 24 hours of travel (the schema's bound): farther than that is no leg a
    // day of visits can have, and the realism check says so.
    minutes: Math.min(24 * 60, walks ? walkMinutes : Math.round(travelMinutes(km))),
    meters: Math.round(km * 1000),
    source: "estimate",
    summary: null,
    departAt: null,
  };
}

export function transitTravel(journey: TransitJourney, zone: string): Travel {
  const rides = journey.rides.filter((ride) => ride.mode !== "WALK");
  const first = rides[0];
  // MOTIS gives distances for walks, rarely for rides: a sum of some would be wrong, so none then.
  const meters = journey.rides.every((ride) => ride.meters !== undefined)
    ? journey.rides.reduce((sum, ride) => sum + (ride.meters ?? 0), 0)
    : 0;
  return {
    mode: "transit",
    minutes: minutesOf(journey.seconds),
    meters: meters > 0 ? Math.round(meters) : null,
    source: "transit",
    summary: rides.map((ride) => ride.name || ride.mode).join(" → ") || null,
    departAt: first ? epochToZoned(Date.parse(first.departAt), zone).slice(11, 16) : null,
  };
}

/**
 * The leg reaching `activityId` as the trip holds it now (null: it has none): what a queued transit
 * leg is compared with before it is filled in, so an edit made meanwhile wins.
 */
export function currentLeg(
  input: Pick<RouteLegsInput, "itinerary" | "stops" | "stays" | "legModes">,
  activityId: string,
): Leg | null {
  const entry = originsOf(input.itinerary, input.stays).get(activityId);
  if (!entry) return null;
  const stop = input.stops[activityStopIndex(entry.activity, entry.day)];
  return {
    activityId,
    from: entry.origin.point,
    to: entry.to,
    departLocal: `${entry.day.date}T${entry.origin.leaveAt}`,
    zone: stop?.place?.timezone ?? "UTC",
    chosen: input.legModes[activityId],
  };
}

export type RouteLegsInput = {
  itinerary: Itinerary;
  /** The itinerary as stored before this change; null for a new plan (every leg is routed). */
  previous: Itinerary | null;
  stops: readonly TripStop[];
  stays: readonly Stay[];
  travelMode: TravelModePreferences;
  legModes: Readonly<Record<string, TravelMode>>;
  /** Legs routed again whatever changed (the one whose mode was chosen; all after new preferences). */
  force?: Set<string> | "all";
  /** How long a request may wait for its service's pace; past it the leg takes its fallback. */
  maxWaitMs?: number;
  signal?: AbortSignal;
  /**
   * Where transit legs go that cannot be asked within the pace at once: each is saved with its
   * fallback (road, else the estimate) and handed here to be filled in after the save. Without it,
   * transit waits for the pace like the street legs.
   */
  deferTransit?: (leg: Leg) => void;
};

/**
 * Every activity's `travel` (issue 46), routing only the legs a change touched: a leg is kept when
 * its two ends, its departure and its chosen mode are what they were. The mode per leg: walking
 * when it takes at most `maxWalkMinutes`, else transit when allowed and found (MOTIS answers none
 * for short walks: walk then), else by road (bike or drive when allowed, else a taxi by road time),
 * else the estimate. Any failure of a router leaves the estimate; nothing here throws for it.
 */
export async function routeLegs(routing: Routing, input: RouteLegsInput): Promise<Itinerary> {
  const { travelMode: prefs } = input;
  const now = originsOf(input.itinerary, input.stays);
  const before = input.previous ? originsOf(input.previous, input.stays) : null;
  const stored = new Map(
    (input.previous?.days ?? []).flatMap((day) => day.activities.map((a) => [a.id, a] as const)),
  );
  const results = new Map<string, Travel | null>();
  const legs: Leg[] = [];
  for (const [id, entry] of now) {
    if (!entry) {
      results.set(id, null);
      continue;
    }
    const old = before?.get(id);
    const kept = stored.get(id)?.travel;
    const forced = input.force === "all" || input.force?.has(id);
    if (
      !forced &&
      old &&
      kept !== undefined &&
      isDeepStrictEqual(old.origin, entry.origin) &&
      isDeepStrictEqual(old.to, entry.to)
    ) {
      results.set(id, kept);
      continue;
    }
    legs.push(currentLeg(input, id)!);
  }

  if (legs.length > 0) {
    const ask = { signal: input.signal, maxWaitMs: input.maxWaitMs };
    const tableFor = async (profile: StreetProfile, some: Leg[]) => {
      const points = [
        ...new Map(some.flatMap((l) => [l.from, l.to]).map((p) => [pointKey(p), p])).values(),
      ];
      const index = new Map(points.map((p, i) => [pointKey(p), i]));
      const matrix: StreetMatrix | null =
        some.length > 0 ? await routing.table(profile, points, ask) : null;
      return (leg: Leg) =>
        matrix?.cells[index.get(pointKey(leg.from))!]?.[index.get(pointKey(leg.to))!] ?? null;
    };
    const foot = await tableFor(
      "foot",
      legs.filter((l) => !l.chosen || l.chosen === "walk"),
    );
    const pending: Leg[] = [];
    for (const leg of legs) {
      const cell = leg.chosen && leg.chosen !== "walk" ? null : foot(leg);
      if (cell && (leg.chosen === "walk" || minutesOf(cell.seconds) <= prefs.maxWalkMinutes)) {
        results.set(leg.activityId, walkTravel(cell));
        continue;
      }
      if (
        (leg.chosen ?? (prefs.modes.includes("transit") ? "transit" : null)) === "transit" &&
        routing.transit
      ) {
        const at = zonedToEpoch(leg.departLocal, leg.zone);
        let pacedOut = false;
        const journeys =
          at === null
            ? null
            : await routing.plan(
                leg.from,
                leg.to,
                new Date(at),
                input.deferTransit
                  ? { ...ask, maxWaitMs: 0, onPacedOut: () => (pacedOut = true) }
                  : ask,
              );
        if (pacedOut) input.deferTransit?.(leg);
        const [best] = journeys ?? [];
        if (best) {
          results.set(leg.activityId, transitTravel(best, leg.zone));
          continue;
        }
        // No itinerary: MOTIS skips legs short enough to walk.
        if (journeys && cell && !leg.chosen) {
          results.set(leg.activityId, walkTravel(cell));
          continue;
        }
      }
      pending.push(leg);
    }
    // By road: a bike or the party's car when the trip allows them, else a taxi by road time.
    const roadMode = (leg: Leg): "bike" | "drive" =>
      leg.chosen === "bike" || leg.chosen === "drive"
        ? leg.chosen
        : prefs.modes.includes("bike") && !prefs.modes.includes("drive")
          ? "bike"
          : "drive";
    const road = pending.filter((l) => !l.chosen || l.chosen === "bike" || l.chosen === "drive");
    const bikes = await tableFor(
      "bike",
      road.filter((l) => roadMode(l) === "bike"),
    );
    const cars = await tableFor(
      "car",
      road.filter((l) => roadMode(l) === "drive"),
    );
    for (const leg of pending) {
      const mode = road.includes(leg) ? roadMode(leg) : null;
      const cell = mode === "bike" ? bikes(leg) : mode === "drive" ? cars(leg) : null;
      if (!cell || !mode) {
        results.set(leg.activityId, estimate(leg, prefs));
        continue;
      }
      results.set(leg.activityId, {
        mode,
        minutes: minutesOf(cell.seconds),
        meters: Math.round(cell.meters),
        source: "router",
        summary: mode === "drive" && !prefs.modes.includes("drive") ? "Taxi" : null,
        departAt: null,
      });
    }
  }

  return {
    days: input.itinerary.days.map((day) => ({
      ...day,
      activities: day.activities.map(({ travel: _old, ...activity }) => {
        // No leg (unplaced, or a day's first without a stay): no `travel`, as on older trips.
        const travel = results.get(activity.id);
        return travel ? { ...activity, travel } : activity;
      }),
    })),
  };
}

export const walkTravel = (cell: { seconds: number; meters: number }): Travel => ({
  mode: "walk",
  minutes: minutesOf(cell.seconds),
  meters: Math.round(cell.meters),
  source: "router",
  summary: null,
  departAt: null,
});

/** The itinerary without its legs: what merges and history lines compare (legs follow the places). */
export const withoutTravel = (itinerary: Itinerary): Itinerary => ({
  days: itinerary.days.map((day) => ({
    ...day,
    activities: day.activities.map(({ travel: _travel, ...activity }) => activity),
  })),
});
