import { decode } from "@googlemaps/polyline-codec";
import type { DayRoute, RouteLineKind } from "#shared/schemas/day-route.ts";
import type { LatLng } from "./map-model.ts";

/** One stretch of the day's route as the map draws it. */
export type RouteStroke = {
  kind: RouteLineKind;
  /** The transit line's own colour, when it has one. */
  color: string | null;
  label: string;
  points: LatLng[];
};

/** Precision 6: OSRM's `polyline6` and MOTIS's `legGeometry` alike (the server asks for both so). */
const PRECISION = 6;

/** The server's encoded lines as points, decoded with a kept library (never by hand). */
export function routeStrokes(route: DayRoute | undefined): RouteStroke[] {
  return (route?.lines ?? []).flatMap((line) => {
    const points = decode(line.polyline, PRECISION).map(([lat, lng]) => ({ lat, lng }));
    return points.length > 1
      ? [{ kind: line.kind, color: line.color, label: line.label, points }]
      : [];
  });
}

/** How each kind is drawn: a walk dashed, a ride in its colour, a road solid, a guess thin and grey. */
export const STROKE_STYLES: Record<
  RouteLineKind,
  { color: string; weight: number; dashArray?: string; opacity: number }
> = {
  walk: { color: "#0f766e", weight: 4, dashArray: "2 8", opacity: 0.9 },
  ride: { color: "#1d4ed8", weight: 5, opacity: 0.9 },
  road: { color: "#334155", weight: 4, opacity: 0.85 },
  straight: { color: "#64748b", weight: 2, dashArray: "6 6", opacity: 0.8 },
};

/** What the lines mean, in words beside the map (the map is not the only way to read it). */
export function routeLegend(strokes: readonly RouteStroke[]): string | null {
  if (strokes.length === 0) return null;
  const kinds = new Set(strokes.map((s) => s.kind));
  const parts: string[] = [];
  if (kinds.has("walk")) parts.push("walks are dashed");
  if (kinds.has("ride")) parts.push("transit rides are in their line's colour");
  if (kinds.has("road")) parts.push("rides by road are solid");
  if (kinds.has("straight"))
    parts.push("a thin grey dashed line is a straight line where the way is not known");
  return `The day's route: ${parts.join("; ")}.`;
}
