import type { Context } from "hono";
import { MESSAGES } from "#shared/messages.ts";
import type { AppBindings, AppDeps, SessionUser } from "../context.ts";
import type { NamedStatement } from "../db/client.ts";
import { unauthorized } from "./http-errors.ts";
import { readCookie, verifySignedValue } from "./session-cookie.ts";
import { sessionSettings, type SessionSettings } from "./session-settings.ts";

const SESSION_USER: NamedStatement = {
  name: "session_user",
  text: `select u.id, u.email, u.name, u.email_verified, s.expires_at
    from "session" s join "user" u on u.id = s.user_id where s.token = $1`,
};

type SessionUserRow = {
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  expires_at: Date;
};

const settingsByEnv = new WeakMap<AppDeps["env"], SessionSettings>();

function settingsOf(env: AppDeps["env"]) {
  let settings = settingsByEnv.get(env);
  if (!settings) {
    settings = sessionSettings(env);
    settingsByEnv.set(env, settings);
  }
  return settings;
}

/** The slow path: Better Auth itself, which also extends or deletes the session in the database. */
async function sessionUserFromBetterAuth(deps: AppDeps, headers: Headers) {
  const session = await deps.auth.api.getSession({ headers });
  return session
    ? {
        id: session.user.id,
        email: session.user.email,
        name: session.user.name,
        emailVerified: session.user.emailVerified,
      }
    : null;
}

/**
 * Who sent this request. Same answer as Better Auth's getSession, but in the common case one prepared
 * query and an HMAC instead of its endpoint machinery: the cookie is verified with Better Auth's
 * signing, and the session row is read on every request, so a signed-out or reset session is refused
 * at once on every instance. Better Auth is not even loaded for it (lazy-auth.ts). It still answers when it has something to write: a session
 * past its expiry (it deletes it) or one due for its daily extension.
 */
async function readSessionUser(c: Context<AppBindings>): Promise<SessionUser | null> {
  const deps = c.get("deps");
  const settings = settingsOf(deps.env);
  const cookieHeader = c.req.header("cookie");
  const signed = readCookie(cookieHeader, settings.sessionCookie);
  if (!signed) return null;
  const token = verifySignedValue(signed, settings.secret);
  if (!token) return null;
  const [row] = await deps.database.query<SessionUserRow>(SESSION_USER, [token]);
  if (!row) return null;
  const expiresAt = new Date(row.expires_at).getTime();
  const now = Date.now();
  const dueForExtension = expiresAt - settings.expiresInMs + settings.updateAgeMs <= now;
  const remembered = readCookie(cookieHeader, settings.dontRememberCookie) === undefined;
  if (expiresAt <= now || (dueForExtension && remembered))
    return sessionUserFromBetterAuth(deps, c.req.raw.headers);
  return { id: row.id, email: row.email, name: row.name, emailVerified: row.email_verified };
}

/** The signed-in user, or null. Looked up once per request. */
export async function getSessionUser(c: Context<AppBindings>): Promise<SessionUser | null> {
  const cached = c.get("sessionUser");
  if (cached !== undefined) return cached;
  const user = await readSessionUser(c);
  c.set("sessionUser", user);
  return user;
}

export async function requireUser(c: Context<AppBindings>): Promise<SessionUser> {
  const user = await getSessionUser(c);
  if (!user) throw unauthorized(MESSAGES.noUserSession);
  return user;
}
