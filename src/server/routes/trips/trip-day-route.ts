import { Hono } from "hono";
import type { AppBindings } from "../../http/context.ts";
import { DAY_NOT_FOUND, pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { notFound } from "../../lib/http-errors.ts";
import { findTripFor } from "../../trips/trip-access.ts";
import { dayRouteLines } from "../../trips/trip-day-route.ts";

/**
 * `GET /api/trips/:id/days/:date/route`: the day's legs along their routes for the map (issue 46),
 * apart from the trip so its JSON stays small. Any member may read it; a day not in the trip is a
 * 404. The routers' failures are straight lines, never an error.
 */
export const tripDayRouteRoutes = new Hono<AppBindings>().get(
  "/:id/days/:date/route",
  pathIds,
  async (c) => {
    const { deps } = c.var;
    const user = await requireUser(c);
    const { row } = await findTripFor(deps.database.db, user.id, c.req.param("id"), "view");
    const route = await dayRouteLines(deps.routing, row, c.req.param("date"), c.req.raw.signal);
    if (!route) throw notFound(DAY_NOT_FOUND);
    return c.json(route);
  },
);
