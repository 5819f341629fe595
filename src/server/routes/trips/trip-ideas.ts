import { Hono, type Context, type MiddlewareHandler } from "hono";
import {
  ideaInputSchema,
  ideaPatchSchema,
  ideaPlanInputSchema,
  ideaVoteInputSchema,
} from "#shared/schemas/ideas.ts";
import type { AppBindings } from "../../http/context.ts";
import { geocoderBudget } from "../../http/geocoder-budget.ts";
import { pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { planIdea } from "../../ideas/idea-plan.ts";
import {
  addIdea,
  listIdeas,
  removeIdea,
  setIdeaStatus,
  updateIdea,
  voteIdea,
} from "../../ideas/ideas.ts";
import { lookupsOf } from "../../services/geo/geo-service.ts";
import { findTripFor, type TripNeed } from "../../trips/trip-access.ts";
import { toTripDto } from "../../trips/trip-dto.ts";

/** Signed in, and well-formed ids, before the body is read: 401 and 404 come before 422. */
const guard: MiddlewareHandler<AppBindings> = async (c, next) => {
  await requireUser(c);
  await pathIds(c, next);
};

/** The caller, the trip (404 off it, 403 below `need`) and what the rooms take. */
async function tripOf(c: Context<AppBindings>, need: TripNeed) {
  const me = await requireUser(c);
  const { db } = c.var.deps.database;
  const found = await findTripFor(db, me.id, c.req.param("id") ?? "", need);
  return { me, db, live: c.var.deps.live, trip: found.row, found };
}

const ideaId = (c: Context<AppBindings>) => c.req.param("ideaId") ?? "";

/**
 * The trip's ideas (issue 49): every member reads them; the owner and editors add, edit, vote,
 * dismiss, restore, remove and plan them. Each change is the trip's next version (its history line)
 * and reaches the open pages live; the room does both.
 */
export const tripIdeaRoutes = new Hono<AppBindings>()
  .get("/:id/ideas", guard, async (c) => {
    const { db, trip } = await tripOf(c, "view");
    return c.json({ ideas: await listIdeas(db, trip) });
  })
  .post("/:id/ideas", guard, validate("json", ideaInputSchema), async (c) => {
    const { me, db, live, trip } = await tripOf(c, "edit");
    const { idea } = await addIdea(db, live, trip, me.id, c.req.valid("json"));
    return c.json({ idea }, 201);
  })
  .patch("/:id/ideas/:ideaId", guard, validate("json", ideaPatchSchema), async (c) => {
    const { me, db, live, trip } = await tripOf(c, "edit");
    const { idea } = await updateIdea(db, live, trip, me.id, ideaId(c), c.req.valid("json"));
    return c.json({ idea });
  })
  .delete("/:id/ideas/:ideaId", guard, async (c) => {
    const { me, db, live, trip } = await tripOf(c, "edit");
    await removeIdea(db, live, trip, me.id, ideaId(c));
    return c.body(null, 204);
  })
  .post("/:id/ideas/:ideaId/vote", guard, validate("json", ideaVoteInputSchema), async (c) => {
    const { me, db, live, trip } = await tripOf(c, "edit");
    const { vote } = c.req.valid("json");
    const { idea } = await voteIdea(db, live, trip, me.id, ideaId(c), vote);
    return c.json({ idea });
  })
  .post("/:id/ideas/:ideaId/dismiss", guard, async (c) => {
    const { me, db, live, trip } = await tripOf(c, "edit");
    const { idea } = await setIdeaStatus(db, live, trip, me.id, ideaId(c), "dismissed");
    return c.json({ idea });
  })
  .post("/:id/ideas/:ideaId/restore", guard, async (c) => {
    const { me, db, live, trip } = await tripOf(c, "edit");
    const { idea } = await setIdeaStatus(db, live, trip, me.id, ideaId(c), "idea");
    return c.json({ idea });
  })
  .post("/:id/ideas/:ideaId/plan", guard, validate("json", ideaPlanInputSchema), async (c) => {
    const { me, trip } = await tripOf(c, "edit");
    // Lookups are served in turn with other users' and capped per save and per hour.
    const geo = lookupsOf(c.var.deps.geo, {
      owner: me.id,
      admit: geocoderBudget(c.var.deps, me.id),
    });
    const planned = await planIdea(c.var.deps, {
      userId: me.id,
      trip,
      ideaId: ideaId(c),
      plan: c.req.valid("json"),
      geo,
      signal: c.req.raw.signal,
    });
    return c.json({ idea: planned.idea, trip: toTripDto(planned.trip, planned.access) });
  });
