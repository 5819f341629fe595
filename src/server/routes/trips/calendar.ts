import { Hono, type Context } from "hono";
import { MESSAGES } from "#shared/messages.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { notFound } from "../../lib/http-errors.ts";
import { requireUser } from "../../http/session.ts";
import { findTripFor } from "../../trips/trip-access.ts";
import { findPublicTrip } from "../../trips/public-trip.ts";
import {
  attachmentHeader,
  calendarFileName,
  tripCalendar,
  type CalendarTrip,
} from "../../services/calendar/trip-calendar.ts";

function calendarResponse(c: Context<AppBindings>, trip: CalendarTrip, cache: string) {
  return c.body(tripCalendar(trip), 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": attachmentHeader(calendarFileName(trip)),
    "Cache-Control": cache,
  });
}

/** `GET /api/trips/:id/calendar.ics`: a member's trip as an iCalendar file. */
export const tripCalendarRoutes = new Hono<AppBindings>().use("/:id/calendar.ics", pathIds);
tripCalendarRoutes.get("/:id/calendar.ics", async (c) => {
  const user = await requireUser(c);
  const { row } = await findTripFor(c.var.deps.database.db, user.id, c.req.param("id"), "view");
  return calendarResponse(c, row, "private, no-store");
});

/** `GET /api/shared/:token/calendar.ics`: a public trip's calendar; a private one is the same 404. */
export const sharedCalendarRoutes = new Hono<AppBindings>().get(
  "/:shareToken/calendar.ics",
  pathIds,
  async (c) => {
    const open = await findPublicTrip(c.var.deps.database.db, c.req.param("shareToken"));
    if (!open) throw notFound(MESSAGES.tripNotFound);
    // Unsharing must take effect at once, so no shared cache may keep it.
    return calendarResponse(c, open, "no-store");
  },
);
