import { describe, expect, it } from "vitest";
import { encode } from "@googlemaps/polyline-codec";
import { routeLegend, routeStrokes } from "./route-strokes.ts";

const line = (kind: "walk" | "ride" | "road" | "straight", points: [number, number][]) => ({
  activityId: "a",
  mode: "walk" as const,
  kind,
  color: kind === "ride" ? "#FFCD00" : null,
  label: kind,
  polyline: encode(points, 6),
});

describe("route strokes", () => {
  it("decodes precision-6 polylines (not 5: a factor of ten off) and drops a line of one point", () => {
    const strokes = routeStrokes({
      date: "2026-12-30",
      transit: true,
      lines: [
        line("walk", [
          [48.860611, 2.337644],
          [48.8584, 2.2945],
        ]),
        line("ride", [[48.8584, 2.2945]]),
      ],
    });
    expect(strokes).toEqual([
      {
        kind: "walk",
        color: null,
        label: "walk",
        points: [
          { lat: 48.860611, lng: 2.337644 },
          { lat: 48.8584, lng: 2.2945 },
        ],
      },
    ]);
    expect(routeStrokes(undefined)).toEqual([]);
  });

  it("says in words what each kind of line on the map is", () => {
    const points: [number, number][] = [
      [48.86, 2.33],
      [48.85, 2.34],
    ];
    const all = routeStrokes({
      date: "2026-12-30",
      transit: true,
      lines: [line("walk", points), line("ride", points), line("straight", points)],
    });
    expect(routeLegend(all)).toBe(
      "The day's route: walks are dashed; transit rides are in their line's colour; a thin grey dashed line is a straight line where the way is not known.",
    );
    expect(routeLegend([])).toBeNull();
  });
});
