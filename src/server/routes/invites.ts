import { Hono } from "hono";
import type { AppBindings } from "../http/context.ts";
import { requireUser } from "../http/session.ts";
import { acceptInvite, readInvitation } from "../trips/trip-invites.ts";

/**
 * `/api/invites/:token`: what an invitation offers (anyone holding the link: the page shows it
 * before sign-in) and accepting it (the invited address, signed in and verified).
 */
export const inviteRoutes = new Hono<AppBindings>()
  .get("/:token", async (c) => {
    const invitation = await readInvitation(c.var.deps.database.db, c.req.param("token"));
    return c.json({ invitation });
  })
  .post("/:token/accept", async (c) => {
    const user = await requireUser(c);
    return c.json(await acceptInvite(c.var.deps.database.db, c.req.param("token"), user));
  });
