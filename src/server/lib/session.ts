import type { Context } from "hono";
import { MESSAGES } from "#shared/messages.ts";
import type { AppBindings, SessionUser } from "../context.ts";
import { unauthorized } from "./http-errors.ts";

/** The signed-in user, or null. Looked up once per request. */
export async function getSessionUser(c: Context<AppBindings>): Promise<SessionUser | null> {
  const cached = c.get("sessionUser");
  if (cached !== undefined) return cached;
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  const user = session
    ? {
        id: session.user.id,
        email: session.user.email,
        name: session.user.name,
        emailVerified: session.user.emailVerified,
      }
    : null;
  c.set("sessionUser", user);
  return user;
}

export async function requireUser(c: Context<AppBindings>): Promise<SessionUser> {
  const user = await getSessionUser(c);
  if (!user) throw unauthorized(MESSAGES.noUserSession);
  return user;
}
