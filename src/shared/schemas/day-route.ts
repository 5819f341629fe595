import { z } from "zod";
import { TRAVEL_MODES } from "./travel.ts";

/**
 * How a stretch of a day's route is drawn (issue 46): a walk dashed, a transit ride in its line's
 * colour, a road solid; `straight` joins two places whose way is not known (labelled as such).
 */
export const ROUTE_LINE_KINDS = ["walk", "ride", "road", "straight"] as const;
export type RouteLineKind = (typeof ROUTE_LINE_KINDS)[number];

/**
 * One stretch of the way into `activityId`: its geometry as a Google-encoded polyline of precision 6
 * (OSRM's `polyline6`, MOTIS's `legGeometry`), decoded by the browser with a kept library. `color` is
 * the transit line's own (`#RRGGBB`) when the operator gives one; `label` says what it is in words.
 */
export const routeLineSchema = z.object({
  activityId: z.string(),
  mode: z.enum(TRAVEL_MODES),
  kind: z.enum(ROUTE_LINE_KINDS),
  color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/)
    .nullable(),
  label: z.string().max(200),
  polyline: z.string().max(200_000),
});
export type RouteLine = z.infer<typeof routeLineSchema>;

/**
 * `GET /api/trips/:id/days/:date/route`: the day's legs along their routes, kept out of the trip's
 * JSON (a day's geometry is tens of kilobytes). `transit`: some stretch is a transit ride, so the
 * page links the timetables' sources as Transitous asks.
 */
export const dayRouteSchema = z.object({
  date: z.string(),
  lines: z.array(routeLineSchema),
  transit: z.boolean(),
});
export type DayRoute = z.infer<typeof dayRouteSchema>;
