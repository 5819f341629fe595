import { Hono, type Context } from "hono";
import { packingAcceptSchema, packingSuggestionsQuerySchema } from "#shared/schemas/packing.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { findList } from "../../packing/packing-lists.ts";
import { acceptSuggestions, packingSuggestions } from "../../packing/packing-suggest.ts";
import { findTripFor } from "../../trips/trip-access.ts";

/** Signed in before the body is read: 401 comes before 422, as on the trip's other routes. */
const signedIn = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  await next();
};

/**
 * Packing suggestions from the trip (forecast, activities, journeys, countries' plugs), each with
 * its reason: read by every member, added to a list only when an editor accepts them.
 */
export const tripPackingSuggestionRoutes = new Hono<AppBindings>()
  .get(
    "/:id/packing/suggestions",
    pathIds,
    signedIn,
    validate("query", packingSuggestionsQuerySchema),
    async (c) => {
      const me = await requireUser(c);
      const deps = c.var.deps;
      const { row: trip } = await findTripFor(deps.database.db, me.id, c.req.param("id"), "view");
      const suggestions = await packingSuggestions(
        { db: deps.database.db, weather: deps.weather, logger: deps.logger },
        trip,
        me.id,
        c.req.valid("query").home,
        c.var.requestId,
      );
      return c.json({ suggestions });
    },
  )
  .post(
    "/:id/packing/suggestions/accept",
    pathIds,
    signedIn,
    validate("json", packingAcceptSchema),
    async (c) => {
      const me = await requireUser(c);
      const deps = c.var.deps;
      const { db } = deps.database;
      const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
      const { names, listId, home } = c.req.valid("json");
      const list = await findList(db, trip.id, listId);
      const items = await acceptSuggestions(
        { db, weather: deps.weather, logger: deps.logger, publishChange: deps.live.publishChange },
        trip,
        me.id,
        list,
        names,
        home,
        c.var.requestId,
      );
      return c.json({ items }, 201);
    },
  );
