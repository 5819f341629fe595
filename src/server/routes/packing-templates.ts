import { Hono, type Context } from "hono";
import { packingTemplateApplySchema, packingTemplateInputSchema } from "#shared/schemas/packing.ts";
import type { AppBindings } from "../http/context.ts";
import { pathIds } from "../http/path-ids.ts";
import { requireUser } from "../http/session.ts";
import { validate } from "../http/validate.ts";
import { findList } from "../packing/packing-lists.ts";
import {
  applyTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  saveTemplate,
} from "../packing/packing-templates.ts";
import { findTripFor } from "../trips/trip-access.ts";

/** Signed in before the body is read: 401 comes before 422. */
const signedIn = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  await next();
};

/**
 * `/api/packing/templates`: the built-in ones (city break, beach, winter, hiking, business) and the
 * caller's own, saved from one of their lists on a trip and applied to a list on another.
 */
export const packingTemplateRoutes = new Hono<AppBindings>()
  .get("/templates", async (c) => {
    const me = await requireUser(c);
    return c.json({ templates: await listTemplates(c.var.deps.database.db, me.id) });
  })
  .post("/templates", signedIn, validate("json", packingTemplateInputSchema), async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { name, tripId, listId } = c.req.valid("json");
    const { row: trip } = await findTripFor(db, me.id, tripId, "view");
    const list = await findList(db, trip.id, listId);
    return c.json({ template: await saveTemplate(db, me.id, list, name) }, 201);
  })
  .delete("/templates/:templateId", pathIds, async (c) => {
    const me = await requireUser(c);
    await deleteTemplate(c.var.deps.database.db, me.id, c.req.param("templateId"));
    return c.body(null, 204);
  })
  .post(
    "/templates/:templateId/apply",
    pathIds,
    signedIn,
    validate("json", packingTemplateApplySchema),
    async (c) => {
      const me = await requireUser(c);
      const { db } = c.var.deps.database;
      const template = await findTemplate(db, me.id, c.req.param("templateId"));
      const { tripId, listId } = c.req.valid("json");
      const { row: trip } = await findTripFor(db, me.id, tripId, "edit");
      const list = await findList(db, trip.id, listId);
      const items = await applyTemplate(
        { db, publishChange: c.var.deps.live.publishChange },
        trip,
        me.id,
        list,
        template,
      );
      return c.json({ items }, 201);
    },
  );
