import { Hono, type Context } from "hono";
import { ACCESS_MESSAGES, INVITE_RATE_LIMIT_WINDOW_SECONDS } from "#shared/constants.ts";
import { inviteRequestSchema, memberRoleRequestSchema } from "#shared/schemas/trip-members.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { enforceRateLimit } from "../../http/rate-limit.ts";
import { requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { AppError, notFound } from "../../lib/http-errors.ts";
import { findTripFor, forbidden } from "../../trips/trip-access.ts";
import { createInvite, revokeInvite } from "../../companions/trip-invites.ts";
import { changeRole, listMembers, removeMember } from "../../companions/trip-members.ts";

/** Signed in before the body is read: 401 comes before 422, as on the trip's other routes. */
const signedIn = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  await next();
};

/**
 * A trip's people: members (any member reads them), invitations and roles (the owner), leaving
 * (anyone but the owner). Access through findTripFor: 404 for a non-member, 403 for too low a role.
 */
export const tripMemberRoutes = new Hono<AppBindings>()
  .get("/:id/members", pathIds, async (c) => {
    const user = await requireUser(c);
    const { deps } = c.var;
    const { db } = deps.database;
    const { row, role } = await findTripFor(db, user.id, c.req.param("id"), "view");
    return c.json(await listMembers({ db, storage: deps.storage, logger: deps.logger }, row, role));
  })
  .post("/:id/invites", pathIds, signedIn, validate("json", inviteRequestSchema), async (c) => {
    const user = await requireUser(c);
    const { deps } = c.var;
    const { db } = deps.database;
    const { row } = await findTripFor(db, user.id, c.req.param("id"), "own");
    const request = c.req.valid("json");
    if (request.email === user.email.toLowerCase())
      throw new AppError(422, "invalid_input", ACCESS_MESSAGES.inviteYourself);
    await enforceRateLimit(db, {
      key: `invite:${user.id}`,
      limit: deps.env.INVITE_RATE_LIMIT,
      windowSeconds: INVITE_RATE_LIMIT_WINDOW_SECONDS,
      message: ACCESS_MESSAGES.inviteRateLimited,
    });
    const invite = await createInvite(
      { db, mailer: deps.mailer, appOrigin: deps.env.APP_ORIGIN },
      row,
      user,
      request,
    );
    return c.json({ invite }, 201);
  })
  .delete("/:id/invites/:inviteId", pathIds, async (c) => {
    const user = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row } = await findTripFor(db, user.id, c.req.param("id"), "own");
    const inviteId = c.req.param("inviteId");
    if (!(await revokeInvite(db, row.id, inviteId))) throw notFound(ACCESS_MESSAGES.inviteNotFound);
    return c.body(null, 204);
  })
  // Both a role change and a removal (a route's own handlers come after).
  .use("/:id/members/:userId", pathIds)
  .patch("/:id/members/:userId", signedIn, validate("json", memberRoleRequestSchema), async (c) => {
    const user = await requireUser(c);
    const { deps } = c.var;
    const { db } = deps.database;
    const { row } = await findTripFor(db, user.id, c.req.param("id"), "own");
    const member = await changeRole(
      { db, storage: deps.storage, logger: deps.logger },
      row.id,
      c.req.param("userId"),
      c.req.valid("json").role,
    );
    if (!member) throw notFound(ACCESS_MESSAGES.memberNotFound);
    return c.json({ member });
  })
  .delete("/:id/members/:userId", async (c) => {
    const user = await requireUser(c);
    const { deps } = c.var;
    const { db } = deps.database;
    const target = c.req.param("userId");
    const { row, role } = await findTripFor(db, user.id, c.req.param("id"), "view");
    if (target === user.id && role === "owner")
      throw new AppError(422, "owner_cannot_leave", ACCESS_MESSAGES.ownerCannotLeave);
    // Leaving is anyone's; removing someone else is the owner's.
    if (target !== user.id && role !== "owner")
      throw forbidden(role === "viewer" ? ACCESS_MESSAGES.viewOnly : ACCESS_MESSAGES.ownerOnly);
    if (!(await removeMember(db, row.id, target, deps.onAccessEnded)))
      throw notFound(ACCESS_MESSAGES.memberNotFound);
    return c.body(null, 204);
  });
