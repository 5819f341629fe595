import { Hono, type Context, type MiddlewareHandler } from "hono";
import { pollInputSchema, pollVoteInputSchema } from "#shared/schemas/polls.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { closePoll, createPoll, listPolls, votePoll } from "../../ideas/polls.ts";
import { findTripFor, type TripNeed } from "../../trips/trip-access.ts";

/** Signed in, and well-formed ids, before the body is read: 401 and 404 come before 422. */
const guard: MiddlewareHandler<AppBindings> = async (c, next) => {
  await requireUser(c);
  await pathIds(c, next);
};

async function tripOf(c: Context<AppBindings>, need: TripNeed) {
  const me = await requireUser(c);
  const { db } = c.var.deps.database;
  const found = await findTripFor(db, me.id, c.req.param("id") ?? "", need);
  return { me, db, live: c.var.deps.live, trip: found.row, role: found.role };
}

const pollId = (c: Context<AppBindings>) => c.req.param("pollId") ?? "";

/**
 * The trip's polls (issue 49): members who edit ask; everyone on the trip votes (a viewer too: a
 * vote is not an edit) and sees who chose what; the creator or the owner closes one. Each change is
 * the trip's next version, in its history and live.
 */
export const tripPollRoutes = new Hono<AppBindings>()
  .get("/:id/polls", guard, async (c) => {
    const { me, db, trip } = await tripOf(c, "view");
    return c.json({ polls: await listPolls(db, trip.id, me.id) });
  })
  .post("/:id/polls", guard, validate("json", pollInputSchema), async (c) => {
    const { me, db, live, trip } = await tripOf(c, "edit");
    const poll = await createPoll(db, live, trip, me.id, c.req.valid("json"));
    return c.json({ poll }, 201);
  })
  .post("/:id/polls/:pollId/vote", guard, validate("json", pollVoteInputSchema), async (c) => {
    const { me, db, live, trip } = await tripOf(c, "view");
    const { optionIds } = c.req.valid("json");
    const poll = await votePoll(db, live, trip, me.id, pollId(c), optionIds);
    return c.json({ poll });
  })
  .post("/:id/polls/:pollId/close", guard, async (c) => {
    const { me, db, live, trip, role } = await tripOf(c, "view");
    const poll = await closePoll(db, live, trip, { userId: me.id, role }, pollId(c));
    return c.json({ poll });
  });
