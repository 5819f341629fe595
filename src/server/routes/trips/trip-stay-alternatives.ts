import { Hono } from "hono";
import { DEFAULT_PARTY } from "#shared/schemas/trip-party.ts";
import type { TravelStyle } from "#shared/constants.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds, STAY_NOT_FOUND } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { notFound } from "../../lib/http-errors.ts";
import { stayAlternatives } from "../../planner/stay-alternatives.ts";
import { findTripFor } from "../../trips/trip-access.ts";

/**
 * `GET /api/trips/:id/stays/:stayId/alternatives` (issue 47): three other places meeting the
 * trip's party for that stay's stop, each shaped as a stay input for PATCH `stays`. Members only.
 */
export const tripStayAlternativeRoutes = new Hono<AppBindings>().use(
  "/:id/stays/:stayId/alternatives",
  pathIds,
);
tripStayAlternativeRoutes.get("/:id/stays/:stayId/alternatives", async (c) => {
  const deps = c.var.deps;
  const user = await requireUser(c);
  const { row } = await findTripFor(deps.database.db, user.id, c.req.param("id"), "view");
  const stay = (row.stays ?? []).find((s) => s.id === c.req.param("stayId"));
  if (!stay) throw notFound(STAY_NOT_FOUND);
  const stays = await stayAlternatives(
    { places: deps.places, routing: deps.routing },
    {
      stays: row.stays ?? [],
      stops: row.stops ?? [],
      itinerary: row.itinerary,
      party: row.party ?? DEFAULT_PARTY,
      travelStyle: row.travelStyle as TravelStyle,
      startDate: row.startDate,
      endDate: row.endDate,
    },
    stay,
  );
  return c.json({ stays });
});
