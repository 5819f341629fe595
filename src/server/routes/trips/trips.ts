import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { tripListQuerySchema } from "#shared/schemas/trip-list.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import type { Db } from "../../db/database.ts";
import type { SessionUser } from "../../auth/session.ts";
import { trips } from "../../db/schema.ts";
import { readAsSessionUser, requireUser, sessionReader } from "../../http/session.ts";
import { findTripFor, readMemberTrip } from "../../trips/trip-access.ts";
import {
  deletionSummary,
  listDeletedTrips,
  softDeleteTrip,
  undeleteTrip,
} from "../../trips/trip-deletion.ts";
import { toTripDto } from "../../trips/trip-dto.ts";
import { placingOf, placingRemaining } from "../../trips/activity-placements.ts";
import { travelPendingOf } from "../../trips/travel-leg-queue.ts";
import { tripRates } from "../../money/trip-rates.ts";
import { tripSpending } from "../../money/trip-spending.ts";
import { tripListPage, tripListQuery, type TripListRow } from "../../trips/trip-list.ts";
import { validate } from "../../http/validate.ts";
import { newShareToken, shareUrlFor } from "../../trips/share-token.ts";

/**
 * Shares or unshares the owner's trip; 404 for a trip the user is not on, 403 for a companion.
 * Sharing a private trip draws a new link token; sharing one already public keeps its link (the
 * owner may be copying it again); unsharing clears it, so no earlier link comes back with a later share.
 */
async function setPublic(db: Db, user: SessionUser, id: string, isPublic: boolean) {
  await findTripFor(db, user.id, id, "own");
  const [row] = await db
    .update(trips)
    .set({
      isPublic,
      shareToken: isPublic ? newShareToken() : null,
    })
    .where(eq(trips.id, id))
    .returning();
  if (!row) throw new Error("a trip vanished while it was being shared");
  return row;
}

const asOwner = (user: SessionUser) => ({ role: "owner" as const, ownerName: user.name });

/**
 * The signed-in user's trips and those shared with them. Every handler checks access through
 * trip-access.ts: a trip the user is not on is a 404, a role too low for the route a 403.
 */
export const tripsRoutes = new Hono<AppBindings>()
  .get("/", validate("query", tripListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const { statement, params } = tripListQuery(query);
    const { rows } = await readAsSessionUser<TripListRow>(c, statement, params);
    return c.json(tripListPage(rows, query));
  })
  // Before "/:id": "deleted" is no trip's id.
  .get("/deleted", async (c) => {
    const user = await requireUser(c);
    return c.json({ trips: await listDeletedTrips(c.var.deps.database.db, user.id) });
  })
  .get("/:id", pathIds, async (c) => {
    const row = await readMemberTrip(sessionReader(c), c.req.param("id"));
    const rates = await tripRates(c.var.deps.fx, row.place, row.stops);
    // A page opened while a new plan's pins are still being looked up says so too.
    const remaining = await placingRemaining(c.var.deps.database.db, row.id);
    const travelPending = await travelPendingOf(c.var.deps.database.db, row.id);
    const trip = toTripDto(row, row);
    // The whole trip's cost for the party (issue 47): the header, print view and money tab read it.
    const spending = await tripSpending(c.var.deps.fx, trip);
    return c.json({
      trip: { ...trip, spending, rates, ...placingOf(remaining), ...travelPending },
    });
  })
  .delete("/:id", pathIds, async (c) => {
    const user = await requireUser(c);
    const { deps } = c.var;
    const id = c.req.param("id");
    await findTripFor(deps.database.db, user.id, id, "own");
    // Into "Recently deleted": every open page of it gets `revoked` with `{ deleted: true }`.
    await softDeleteTrip(deps.database.db, deps.live, id);
    return c.body(null, 204);
  })
  .get("/:id/deletion", pathIds, async (c) => {
    const user = await requireUser(c);
    const { row } = await findTripFor(c.var.deps.database.db, user.id, c.req.param("id"), "own");
    return c.json(await deletionSummary(c.var.deps.database.db, row));
  })
  .post("/:id/undelete", pathIds, async (c) => {
    const user = await requireUser(c);
    const id = c.req.param("id");
    const row = await undeleteTrip(c.var.deps, user.id, id);
    return c.json({ trip: toTripDto(row, asOwner(user)) });
  })
  .post("/:id/share", pathIds, async (c) => {
    const user = await requireUser(c);
    const row = await setPublic(c.get("deps").database.db, user, c.req.param("id"), true);
    if (!row.shareToken) throw new Error("a shared trip has no share token");
    return c.json({
      trip: toTripDto(row, asOwner(user)),
      shareUrl: shareUrlFor(c.get("deps").env.APP_ORIGIN, row.shareToken),
    });
  })
  .delete("/:id/share", pathIds, async (c) => {
    const user = await requireUser(c);
    const row = await setPublic(c.get("deps").database.db, user, c.req.param("id"), false);
    return c.json({ trip: toTripDto(row, asOwner(user)) });
  });
