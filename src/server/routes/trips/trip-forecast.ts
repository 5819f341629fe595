import { Hono } from "hono";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { findTripFor } from "../../trips/trip-access.ts";
import { tripForecast } from "../../trips/trip-forecast.ts";

/**
 * `GET /api/trips/:id/forecast`: the chat's weather service (same providers, cache and advice) for
 * the trip's days inside the forecast window. A weather failure is an answer too (`unavailable`),
 * so the trip page never breaks because of it.
 */
export const tripForecastRoutes = new Hono<AppBindings>().use("/:id/forecast", pathIds);
tripForecastRoutes.get("/:id/forecast", async (c) => {
  const deps = c.var.deps;
  const user = await requireUser(c);
  const { row: trip } = await findTripFor(deps.database.db, user.id, c.req.param("id"), "view");
  return c.json(await tripForecast(deps, trip, c.var.requestId));
});
