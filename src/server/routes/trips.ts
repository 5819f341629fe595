import { Hono } from "hono";
import type { AppBindings } from "../context.ts";
import { requireUser } from "../lib/session.ts";
import { findOwnTrip } from "../lib/trip-access.ts";
import { toTripDto } from "../lib/trip-dto.ts";

/** The signed-in user's trips. Every handler checks ownership: another user's trip is a 404. */
export const tripsRoutes = new Hono<AppBindings>().get("/:id", async (c) => {
  const user = await requireUser(c);
  const row = await findOwnTrip(c.var.deps.database.db, user.id, c.req.param("id"));
  return c.json({ trip: toTripDto(row) });
});
