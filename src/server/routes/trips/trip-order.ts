import { Hono } from "hono";
import type { DayOrderResponse } from "#shared/schemas/day-order.ts";
import type { AppBindings } from "../../http/context.ts";
import { DAY_NOT_FOUND, pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { notFound } from "../../lib/http-errors.ts";
import { orderDay } from "../../planner/order-day.ts";
import { findTripFor } from "../../trips/trip-access.ts";

/**
 * `POST /api/trips/:id/days/:date/order` ("Order this day", issue 46): the order of the day that
 * travels least, saved nowhere (Accept sends it through PATCH with `version`, like a regenerated
 * day). Editors only; no model is asked, so it does not count against the generation limit.
 */
export const tripOrderRoutes = new Hono<AppBindings>().post(
  "/:id/days/:date/order",
  // Signed in and a well-formed id and date first: 401, then 404.
  async (c, next) => {
    await requireUser(c);
    await pathIds(c, next);
  },
  async (c) => {
    const { deps } = c.var;
    const user = await requireUser(c);
    const { row } = await findTripFor(deps.database.db, user.id, c.req.param("id"), "edit");
    const date = c.req.param("date");
    if (!row.itinerary.days.some((day) => day.date === date)) throw notFound(DAY_NOT_FOUND);
    const answer = await orderDay(
      { routing: deps.routing },
      {
        itinerary: row.itinerary,
        date,
        place: row.place,
        stops: row.stops,
        stays: row.stays,
        transport: row.transport,
        travelMode: row.travelMode,
        legModes: row.legModes,
      },
      c.req.raw.signal,
    );
    return c.json({ ...answer, version: row.version } satisfies DayOrderResponse);
  },
);
