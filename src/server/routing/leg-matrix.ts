import type { Travel, TravelMode, TravelModePreferences } from "#shared/schemas/travel.ts";
import { estimate, walkTravel } from "./route-legs.ts";
import type { AskOptions, LatLng, Routing, StreetMatrix, StreetProfile } from "./routing-types.ts";

export type LegMatrixInput = {
  /** The places, by index; null for one that is not located (it has no legs). */
  points: readonly (LatLng | null)[];
  /** The mode the traveller chose for the leg reaching each place (legModes), if any. */
  chosen: readonly (TravelMode | undefined)[];
  /** The leg the trip holds from `i` to `j` (routed for the current order), reused for transit. */
  known?: (i: number, j: number) => Travel | undefined;
  travelMode: TravelModePreferences;
  ask?: AskOptions;
};

const pointKey = (p: LatLng) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;
const minutesOf = (seconds: number) => (seconds <= 0 ? 0 : Math.max(1, Math.round(seconds / 60)));

/**
 * The leg between every ordered pair of a day's places ("Order this day", issue 46), each chosen
 * as routeLegs chooses it: walking up to `maxWalkMinutes` (the foot table), else transit when the
 * trip allows it, else by road (bike or car table; a taxi when the party has no car), else the
 * estimate. Transit is not asked for every pair (MOTIS allows 20 plans a minute): a journey the trip
 * already holds for that pair is reused, others are estimated. One table request per profile at
 * most, none when the cache has the cells (a plan's tables cover its days).
 */
export async function legMatrix(
  routing: Routing,
  input: LegMatrixInput,
): Promise<(Travel | null)[][]> {
  const { points, travelMode: prefs } = input;
  const located = [...new Map(points.flatMap((p) => (p ? [[pointKey(p), p]] : []))).values()];
  const index = new Map(located.map((p, i) => [pointKey(p), i]));
  const tables = new Map<StreetProfile, StreetMatrix | null>();
  const tableFor = async (profile: StreetProfile) => {
    if (!tables.has(profile))
      tables.set(
        profile,
        located.length >= 2 ? await routing.table(profile, located, input.ask) : null,
      );
    return tables.get(profile) ?? null;
  };
  const cell = (matrix: StreetMatrix | null, from: LatLng, to: LatLng) =>
    matrix?.cells[index.get(pointKey(from))!]?.[index.get(pointKey(to))!] ?? null;
  const roadMode = (chosen: TravelMode | undefined): "bike" | "drive" =>
    chosen === "bike" || chosen === "drive"
      ? chosen
      : prefs.modes.includes("bike") && !prefs.modes.includes("drive")
        ? "bike"
        : "drive";

  const foot = await tableFor("foot");
  const out: (Travel | null)[][] = [];
  for (const [i, from] of points.entries()) {
    const row: (Travel | null)[] = [];
    for (const [j, to] of points.entries()) {
      if (i === j || !from || !to) {
        row.push(null);
        continue;
      }
      const chosen = input.chosen[j];
      const walk = chosen && chosen !== "walk" ? null : cell(foot, from, to);
      if (walk && (chosen === "walk" || minutesOf(walk.seconds) <= prefs.maxWalkMinutes)) {
        row.push(walkTravel(walk));
        continue;
      }
      // Transit first when the trip allows it and a transit router is on (as routeLegs asks it).
      const transitFirst =
        (chosen ?? (prefs.modes.includes("transit") ? "transit" : null)) === "transit";
      if (transitFirst && routing.transit) {
        const known = input.known?.(i, j);
        row.push(
          known && known.source !== "estimate"
            ? known
            : estimate({ from, to, chosen: "transit" }, prefs),
        );
        continue;
      }
      const mode = roadMode(chosen);
      const road =
        !chosen || chosen === "bike" || chosen === "drive"
          ? cell(await tableFor(mode === "bike" ? "bike" : "car"), from, to)
          : null;
      row.push(
        road
          ? {
              mode,
              minutes: minutesOf(road.seconds),
              meters: Math.round(road.meters),
              source: "router",
              summary: mode === "drive" && !prefs.modes.includes("drive") ? "Taxi" : null,
              departAt: null,
            }
          : estimate({ from, to, chosen }, prefs),
      );
    }
    out.push(row);
  }
  return out;
}
