import { Hono, type Context } from "hono";
import {
  packingItemInputSchema,
  packingItemPatchSchema,
  packingTickSchema,
} from "#shared/schemas/packing.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { addItems, deleteItem, tickItem, updateItem } from "../../packing/packing-changes.ts";
import { findList, readPacking } from "../../packing/packing-lists.ts";
import { findTripFor } from "../../trips/trip-access.ts";

/** Signed in before the body is read: 401 comes before 422, as on the trip's other routes. */
const signedIn = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  await next();
};

const packingDeps = (c: Context<AppBindings>) => ({
  db: c.var.deps.database.db,
  publishChange: c.var.deps.live.publishChange,
});

/**
 * The trip's packing lists (issue 49): the shared list and each member's own. Reading and ticking:
 * every member (a tick is not an edit); adding, changing and removing items: owner and editors, on
 * the shared list and their own.
 */
export const tripPackingRoutes = new Hono<AppBindings>()
  .get("/:id/packing", pathIds, async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "view");
    return c.json(await readPacking(db, trip.id, me.id));
  })
  .post(
    "/:id/packing/lists/:listId/items",
    pathIds,
    signedIn,
    validate("json", packingItemInputSchema),
    async (c) => {
      const me = await requireUser(c);
      const { db } = c.var.deps.database;
      const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
      const list = await findList(db, trip.id, c.req.param("listId"));
      const [item] = await addItems(packingDeps(c), trip, me.id, list, [c.req.valid("json")]);
      return c.json({ item }, 201);
    },
  )
  .use("/:id/packing/items/:itemId", pathIds)
  .patch(
    "/:id/packing/items/:itemId",
    signedIn,
    validate("json", packingItemPatchSchema),
    async (c) => {
      const me = await requireUser(c);
      const { db } = c.var.deps.database;
      const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
      const item = await updateItem(
        packingDeps(c),
        trip,
        me.id,
        c.req.param("itemId"),
        c.req.valid("json"),
      );
      return c.json({ item });
    },
  )
  .delete("/:id/packing/items/:itemId", async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
    await deleteItem(packingDeps(c), trip, me.id, c.req.param("itemId"));
    return c.body(null, 204);
  })
  .post(
    "/:id/packing/items/:itemId/tick",
    pathIds,
    signedIn,
    validate("json", packingTickSchema),
    async (c) => {
      const me = await requireUser(c);
      const { db } = c.var.deps.database;
      const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "view");
      const { packed } = c.req.valid("json");
      const item = await tickItem(packingDeps(c), trip, me.id, c.req.param("itemId"), packed);
      return c.json({ item });
    },
  );
