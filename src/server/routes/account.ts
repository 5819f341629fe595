import { Hono, type Context } from "hono";
import { listAssistants, revokeAssistants } from "../auth/assistant-grants.ts";
import { setCookie } from "hono/cookie";
import {
  ACCOUNT_MESSAGES,
  accountDeletionInputSchema,
  accountExportFileName,
} from "#shared/schemas/account.ts";
import type { AppBindings } from "../http/context.ts";
import { ASSISTANT_NOT_FOUND, pathIds } from "../http/path-ids.ts";
import { deleteAccount } from "../account/account-deletion.ts";
import { accountExportStream } from "../account/account-export.ts";
import { acceptedOrigins } from "../lib/app-origins.ts";
import { AppError, notFound } from "../lib/http-errors.ts";
import { enforceRateLimit } from "../http/rate-limit.ts";
import { requireUser } from "../http/session.ts";
import { validate } from "../http/validate.ts";
import { confirmDeletion, passwordHash, sendDeletionLink } from "../account/deletion-link.ts";

const HOUR_SECONDS = 60 * 60;

/**
 * GETs are not covered by the same-origin write check, but a download of someone's data must come
 * from our own pages too (the browser says so in Origin or Sec-Fetch-Site).
 */
function refuseCrossSite(c: Context<AppBindings>) {
  const origin = c.req.header("origin");
  const site = c.req.header("sec-fetch-site");
  const foreign = origin
    ? !acceptedOrigins(c.var.deps.env.APP_ORIGIN, c.var.deps.env.NODE_ENV).includes(origin)
    : site !== undefined && site !== "same-origin" && site !== "none";
  if (foreign) throw new AppError(403, "forbidden", "Cross-origin request refused.");
}

/** Ends this browser's cookie too: the session row is already gone with the user. */
async function clearSessionCookie(c: Context<AppBindings>) {
  const { name, attributes } = (await c.var.deps.auth.$context).authCookies.sessionToken;
  setCookie(c, name, "", {
    path: attributes.path ?? "/",
    secure: attributes.secure,
    httpOnly: true,
    sameSite: "Lax",
    maxAge: 0,
    ...(name.startsWith("__Secure-") ? { prefix: "secure" as const } : {}),
  });
}

/** The signed-in user's own account; no route names a user, so nobody can address anyone else's. */
export const accountRoutes = new Hono<AppBindings>()
  .use(async (c, next) => {
    await requireUser(c);
    await next();
  })
  // The assistants the user allowed through /mcp, and Revoke: their tokens stop at once.
  .get("/assistants", async (c) => {
    const user = await requireUser(c);
    return c.json({ assistants: await listAssistants(c.var.deps.database.db, user.id) });
  })
  .delete("/assistants/:clientId", pathIds, async (c) => {
    const user = await requireUser(c);
    const ended = await revokeAssistants(c.var.deps.database.db, user.id, c.req.param("clientId"));
    if (!ended) throw notFound(ASSISTANT_NOT_FOUND);
    return c.body(null, 204);
  })
  .get("/", async (c) => {
    const user = await requireUser(c);
    const hasPassword = (await passwordHash(c.var.deps.database.db, user.id)) !== null;
    return c.json({ account: { email: user.email, hasPassword } });
  })
  .get("/export", async (c) => {
    const deps = c.var.deps;
    refuseCrossSite(c);
    const user = await requireUser(c);
    const limit = deps.env.EXPORT_RATE_LIMIT;
    await enforceRateLimit(deps.database.db, {
      key: `export:${user.id}`,
      limit,
      windowSeconds: HOUR_SECONDS,
      message: ACCOUNT_MESSAGES.exportRateLimited(limit),
    });
    const now = new Date();
    deps.logger.info({ userId: user.id }, "account export started");
    return c.body(accountExportStream(deps, user.id, now), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${accountExportFileName(now)}"`,
      "X-Content-Type-Options": "nosniff",
    });
  })
  .post("/deletion-link", async (c) => {
    const deps = c.var.deps;
    const user = await requireUser(c);
    await enforceRateLimit(deps.database.db, {
      key: `deletion-link:${user.id}`,
      limit: deps.env.AUTH_RATE_LIMIT,
      windowSeconds: HOUR_SECONDS,
      message: "Too many links requested. Please try again later.",
    });
    await sendDeletionLink(deps, user);
    return c.body(null, 204);
  })
  .delete("/", validate("json", accountDeletionInputSchema), async (c) => {
    const deps = c.var.deps;
    const user = await requireUser(c);
    // Guesses at the password through a stolen session are bounded like sign-in attempts.
    await enforceRateLimit(deps.database.db, {
      key: `account-delete:${user.id}`,
      limit: deps.env.AUTH_RATE_LIMIT,
      windowSeconds: 60,
      message: "Too many attempts. Please wait a moment and try again.",
    });
    await confirmDeletion(deps, user, c.req.valid("json"));
    await deleteAccount(deps, { id: user.id, email: user.email });
    await clearSessionCookie(c);
    return c.body(null, 204);
  });
