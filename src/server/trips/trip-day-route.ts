import * as polylineCodec from "@googlemaps/polyline-codec";
import type { DayRoute, RouteLine } from "#shared/schemas/day-route.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import type { Travel } from "#shared/schemas/travel.ts";
import { zonedToEpoch } from "#shared/zoned-time.ts";
import type { TripRow } from "../db/schema.ts";
import { currentLeg, type Leg } from "../routing/route-legs.ts";
import type { LatLng, Routing, StreetProfile } from "../routing/routing-types.ts";

// Named under Vite (the package's `module`), only a default under Node's own loader (its UMD `main`).
const { encode } = (polylineCodec as { default?: typeof polylineCodec }).default ?? polylineCodec;

/** A page waits this long at most for a router's pace; past it the stretch is drawn straight. */
const ROUTE_WAIT_MS = 3000;

const PROFILES: Partial<Record<Travel["mode"], StreetProfile>> = {
  walk: "foot",
  bike: "bike",
  drive: "car",
};

const straightLine = (leg: Leg, travel: Travel): RouteLine => ({
  activityId: leg.activityId,
  mode: travel.mode,
  kind: "straight",
  color: null,
  label: "Straight line: the way is not known",
  polyline: encode(
    [leg.from, leg.to].map((p) => [p.lat, p.lng]),
    6,
  ),
});

type Routed = { activity: Activity; travel: Travel; leg: Leg };

/** A transit leg's stretches: each walk and ride of the journey its `travel` came from. */
async function transitLines(
  routing: Routing,
  { travel, leg }: Routed,
  signal?: AbortSignal,
): Promise<RouteLine[] | null> {
  const at = zonedToEpoch(leg.departLocal, leg.zone);
  if (at === null) return null;
  // The same ask as the leg's (same places, same minute): answered from the cache.
  const journeys = await routing.plan(leg.from, leg.to, new Date(at), {
    signal,
    maxWaitMs: ROUTE_WAIT_MS,
  });
  const rides = journeys?.[0]?.rides.filter((ride) => ride.geometry) ?? [];
  if (rides.length === 0) return null;
  return rides.map((ride) => ({
    activityId: leg.activityId,
    mode: travel.mode,
    kind: ride.mode === "WALK" ? "walk" : "ride",
    color: ride.mode !== "WALK" && ride.color ? `#${ride.color.replace(/^#/, "")}` : null,
    label: ride.mode === "WALK" ? `Walk to ${ride.to || "the stop"}` : ride.name || ride.mode,
    polyline: ride.geometry!,
  }));
}

/**
 * The day's legs along their routes (issue 46), for the map: consecutive legs of one street mode are
 * one OSRM `route` request through their places (a day's geometry, paced and cached like every
 * ask); transit legs are the rides of their MOTIS journey (cached when the leg was routed). A leg
 * without a known way (an estimate, a router that did not answer) is a straight line saying so.
 */
export async function dayRouteLines(
  routing: Routing,
  row: Pick<TripRow, "itinerary" | "stops" | "stays" | "legModes">,
  date: string,
  signal?: AbortSignal,
): Promise<DayRoute | null> {
  const day = row.itinerary.days.find((d) => d.date === date);
  if (!day) return null;
  const input = {
    itinerary: row.itinerary,
    stops: row.stops,
    stays: row.stays,
    legModes: row.legModes ?? {},
  };
  const routed: Routed[] = day.activities.flatMap((activity) => {
    const leg = activity.travel ? currentLeg(input, activity.id) : null;
    return leg && activity.travel ? [{ activity, travel: activity.travel, leg }] : [];
  });

  const lines: RouteLine[] = [];
  // Runs of street legs of one profile, each leaving where the one before arrived.
  let run: Routed[] = [];
  const flush = async () => {
    const legs = run;
    run = [];
    const first = legs[0];
    if (!first) return;
    const profile = PROFILES[first.travel.mode]!;
    const points: LatLng[] = [first.leg.from, ...legs.map((r) => r.leg.to)];
    const route = await routing.route(profile, points, { signal, maxWaitMs: ROUTE_WAIT_MS });
    if (!route) {
      lines.push(...legs.map((r) => straightLine(r.leg, r.travel)));
      return;
    }
    const kind = first.travel.mode === "walk" ? "walk" : "road";
    lines.push({
      activityId: first.activity.id,
      mode: first.travel.mode,
      kind,
      color: null,
      label:
        first.travel.mode === "walk" ? "Walk" : first.travel.summary === "Taxi" ? "Taxi" : "Road",
      polyline: route.geometry,
    });
  };

  for (const item of routed) {
    const { travel, leg } = item;
    const profile = travel.source === "router" ? PROFILES[travel.mode] : undefined;
    const last = run.at(-1);
    if (
      profile &&
      last &&
      last.travel.mode === travel.mode &&
      last.leg.to.lat === leg.from.lat &&
      last.leg.to.lng === leg.from.lng
    ) {
      run.push(item);
      continue;
    }
    await flush();
    if (profile) {
      run.push(item);
      continue;
    }
    if (travel.source === "transit") {
      const transit = await transitLines(routing, item, signal);
      if (transit) {
        lines.push(...transit);
        continue;
      }
    }
    lines.push(straightLine(leg, travel));
  }
  await flush();
  return { date, lines, transit: lines.some((line) => line.kind === "ride") };
}
