import { Hono, type Context } from "hono";
import { historyQuerySchema, restoreRequestSchema } from "#shared/schemas/trip-history.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { restoreTripVersion, tripHistory } from "../../trips/trip-restore.ts";

/** Signed in before the query or body is read: 401 comes before 422, as on the trip's other routes. */
const signedIn = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  await next();
};

/** A trip's history and bringing a version back (its live changes: trip-events.ts). */
export const tripHistoryRoutes = new Hono<AppBindings>()
  .get("/:id/history", pathIds, signedIn, validate("query", historyQuerySchema), async (c) => {
    const me = await requireUser(c);
    const { before } = c.req.valid("query");
    const changes = await tripHistory(c.var.deps.database.db, me.id, c.req.param("id"), before);
    return c.json({ changes });
  })
  .post("/:id/restore", pathIds, signedIn, validate("json", restoreRequestSchema), async (c) => {
    const me = await requireUser(c);
    const { version } = c.req.valid("json");
    const trip = await restoreTripVersion(c.var.deps, me.id, c.req.param("id"), version);
    return c.json({ trip });
  });
