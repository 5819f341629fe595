import { Hono } from "hono";
import type { AppBindings } from "../http/context.ts";
import { pathIds } from "../http/path-ids.ts";
import { requireUser } from "../http/session.ts";
import { acceptInvite, readInvitation } from "../companions/trip-invites.ts";

/**
 * `/api/invites/:token`: what an invitation offers (anyone holding the link: the page shows it
 * before sign-in) and accepting it (the invited address, signed in and verified).
 */
export const inviteRoutes = new Hono<AppBindings>()
  .get("/:inviteToken", pathIds, async (c) => {
    const invitation = await readInvitation(c.var.deps.database.db, c.req.param("inviteToken"));
    return c.json({ invitation });
  })
  .post("/:inviteToken/accept", pathIds, async (c) => {
    const user = await requireUser(c);
    return c.json(await acceptInvite(c.var.deps.database.db, c.req.param("inviteToken"), user));
  });
