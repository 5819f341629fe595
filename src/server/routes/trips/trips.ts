import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { tripListQuerySchema } from "#shared/schemas/trip-list.ts";
import type { AppBindings } from "../../http/context.ts";
import type { Db } from "../../db/database.ts";
import { trips } from "../../db/schema.ts";
import { notFound } from "../../lib/http-errors.ts";
import { readAsSessionUser, requireUser, sessionReader } from "../../http/session.ts";
import { readOwnTrip } from "../../trips/trip-access.ts";
import { toTripDto } from "../../trips/trip-dto.ts";
import { tripListPage, tripListQuery, type TripListRow } from "../../trips/trip-list.ts";
import { validate } from "../../http/validate.ts";
import { newShareToken, shareUrlFor } from "../../trips/share-token.ts";

const tripId = z.uuid();

/**
 * Shares or unshares the user's own trip; 404 for a missing, foreign or malformed id. Sharing a
 * private trip draws a new link token; sharing one already public keeps its link (the owner may be
 * copying it again); unsharing clears it, so no earlier link comes back with a later share.
 */
async function setPublic(db: Db, userId: string, id: string, isPublic: boolean) {
  if (!tripId.safeParse(id).success) throw notFound(MESSAGES.tripNotFound);
  const [row] = await db
    .update(trips)
    .set({
      isPublic,
      shareToken: isPublic ? newShareToken() : null,
    })
    .where(and(eq(trips.id, id), eq(trips.userId, userId)))
    .returning();
  if (!row) throw notFound(MESSAGES.tripNotFound);
  return row;
}

/** The signed-in user's trips. Every handler checks ownership: another user's trip is a 404. */
export const tripsRoutes = new Hono<AppBindings>()
  .get("/", validate("query", tripListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { statement, params } = tripListQuery(query);
    const { rows } = await readAsSessionUser<TripListRow>(c, statement, params);
    return c.json(tripListPage(rows, query));
  })
  .get("/:id", async (c) => {
    const row = await readOwnTrip(sessionReader(c), c.req.param("id"));
    return c.json({ trip: toTripDto(row) });
  })
  .delete("/:id", async (c) => {
    const user = await requireUser(c);
    const id = c.req.param("id");
    if (!tripId.safeParse(id).success) throw notFound(MESSAGES.tripNotFound);
    const deleted = await c
      .get("deps")
      .database.db.delete(trips)
      .where(and(eq(trips.id, id), eq(trips.userId, user.id)))
      .returning({ id: trips.id });
    if (deleted.length === 0) throw notFound(MESSAGES.tripNotFound);
    // Everyone watching it live is told it is gone.
    await c.get("deps").live.publishAccessEnded(id, null);
    return c.body(null, 204);
  })
  .post("/:id/share", async (c) => {
    const user = await requireUser(c);
    const row = await setPublic(c.get("deps").database.db, user.id, c.req.param("id"), true);
    if (!row.shareToken) throw new Error("a shared trip has no share token");
    return c.json({
      trip: toTripDto(row),
      shareUrl: shareUrlFor(c.get("deps").env.APP_ORIGIN, row.shareToken),
    });
  })
  .delete("/:id/share", async (c) => {
    const user = await requireUser(c);
    const row = await setPublic(c.get("deps").database.db, user.id, c.req.param("id"), false);
    return c.json({ trip: toTripDto(row) });
  });
