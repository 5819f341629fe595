import type { Context } from "hono";
import { MESSAGES } from "#shared/messages.ts";
import type { NamedStatement } from "../db/database.ts";
import { unauthorized } from "../lib/http-errors.ts";
import {
  hasSessionCookie as hasSignedSessionCookie,
  readSessionUser,
  readWithSession,
  sessionTokenOf,
  type SessionReader,
  type SessionUser,
} from "../auth/session.ts";
import type { AppBindings } from "./context.ts";

// The request's side of the session (auth/session.ts reads it): the headers go in, and the answer
// is kept on the context so that a request looks its user up once.

/** Whether the request carries a validly signed session cookie (not yet whether the session lives). */
export const hasSessionCookie = (c: Context<AppBindings>) =>
  hasSignedSessionCookie(c.get("deps").env, c.req.raw.headers);

/** The request's session token (a live stream belongs to it); "" without a signed cookie. */
export const requestSessionToken = (c: Context<AppBindings>) =>
  sessionTokenOf(c.get("deps").env, c.req.raw.headers) ?? "";

/** The signed-in user, or null. Looked up once per request. */
export async function getSessionUser(c: Context<AppBindings>): Promise<SessionUser | null> {
  const cached = c.get("sessionUser");
  if (cached !== undefined) return cached;
  const user = await readSessionUser(c.get("deps"), c.req.raw.headers);
  c.set("sessionUser", user);
  return user;
}

export async function requireUser(c: Context<AppBindings>): Promise<SessionUser> {
  const user = await getSessionUser(c);
  if (!user) throw unauthorized(MESSAGES.noUserSession);
  return user;
}

/**
 * The signed-in user and a read of their own rows in one database round trip (401 without a
 * session); see readWithSession. When the request already knows its user, a plain read.
 */
export async function readAsSessionUser<T>(
  c: Context<AppBindings>,
  statement: NamedStatement,
  params: unknown[],
): Promise<{ user: SessionUser; rows: T[] }> {
  const deps = c.get("deps");
  if (c.get("sessionUser") !== undefined) {
    const user = await requireUser(c);
    return { user, rows: await deps.database.query<T>(statement, [user.id, ...params]) };
  }
  const { user, rows } = await readWithSession<T>(deps, c.req.raw.headers, statement, params);
  c.set("sessionUser", user);
  if (!user) throw unauthorized(MESSAGES.noUserSession);
  return { user, rows };
}

/** This request's session for a domain read that must not know the request. */
export const sessionReader = (c: Context<AppBindings>): SessionReader => ({
  requireUser: () => requireUser(c),
  readAsUser: (statement, params) => readAsSessionUser(c, statement, params),
});
