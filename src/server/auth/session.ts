import type { Database, NamedStatement } from "../db/database.ts";
import type { Env } from "../env.ts";
import type { Auth } from "./auth.ts";
import { readCookie, verifySignedValue } from "./session-cookie.ts";
import { sessionSettings, type SessionSettings } from "./session-settings.ts";

// The expiry as epoch milliseconds (a float8): compared with Date.now(), never parsed as a date.
const SESSION_COLUMNS = `u.id as "sessionUserId", u.email as "sessionEmail", u.name as "sessionName",
  u.email_verified as "sessionEmailVerified",
  (extract(epoch from s.expires_at) * 1000)::float8 as "sessionExpiresMs"`;
const SESSION_FROM = `"session" s join "user" u on u.id = s.user_id where s.token = $1`;

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/** What reading a session needs: the settings, the database and (for its slow path) Better Auth. */
export type SessionDeps = { env: Env; database: Pick<Database, "query">; auth: Auth };

/**
 * The session as a domain read needs it, without the request: who is signed in (401 without a
 * session), and a read of their own rows in the same round trip (see readWithSession).
 */
export type SessionReader = {
  requireUser(): Promise<SessionUser>;
  readAsUser<T>(
    statement: NamedStatement,
    params: unknown[],
  ): Promise<{ user: SessionUser; rows: T[] }>;
};

const SESSION_USER: NamedStatement = {
  name: "session_user",
  text: `select ${SESSION_COLUMNS} from ${SESSION_FROM}`,
};

type SessionUserRow = {
  sessionUserId: string;
  sessionEmail: string;
  sessionName: string;
  sessionEmailVerified: boolean;
  sessionExpiresMs: number;
};

const settingsByEnv = new WeakMap<Env, SessionSettings>();

function settingsOf(env: Env) {
  let settings = settingsByEnv.get(env);
  if (!settings) {
    settings = sessionSettings(env);
    settingsByEnv.set(env, settings);
  }
  return settings;
}

/** The slow path: Better Auth itself, which also extends or deletes the session in the database. */
async function sessionUserFromBetterAuth(deps: SessionDeps, headers: Headers) {
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
export async function readSessionUser(
  deps: SessionDeps,
  headers: Headers,
): Promise<SessionUser | null> {
  const token = sessionToken(deps.env, headers);
  if (!token) return null;
  const [row] = await deps.database.query<SessionUserRow>(SESSION_USER, [token]);
  return row ? sessionUserOf(deps, headers, row) : null;
}

// Signed cookie values already verified, per settings (so per secret): an HMAC is a pure function
// of the value and the secret, so this is no cache of the session itself, which is read on every
// request. Only good signatures are kept (junk cannot evict them), at most VERIFIED_MAX, then it
// starts afresh.
const VERIFIED_MAX = 5_000;
const verifiedBySettings = new WeakMap<SessionSettings, Map<string, string>>();

function verifiedToken(signed: string, settings: SessionSettings): string | null {
  let verified = verifiedBySettings.get(settings);
  if (!verified) {
    verified = new Map();
    verifiedBySettings.set(settings, verified);
  }
  const known = verified.get(signed);
  if (known !== undefined) return known;
  const token = verifySignedValue(signed, settings.secret);
  if (token) {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(signed, token);
  }
  return token;
}

/** Whether the request carries a validly signed session cookie (not yet whether the session lives). */
export const hasSessionCookie = (env: Env, headers: Headers) => sessionToken(env, headers) !== null;

/** The session token of the request's validly signed cookie (a live stream ends with it), or null. */
export const sessionTokenOf = (env: Env, headers: Headers) => sessionToken(env, headers);

/** The session token of a validly signed cookie, or null (then there is nothing to look up). */
function sessionToken(env: Env, headers: Headers): string | null {
  const settings = settingsOf(env);
  const signed = readCookie(headers.get("cookie") ?? undefined, settings.sessionCookie);
  return signed ? verifiedToken(signed, settings) : null;
}

/**
 * The user of a session row, or — when Better Auth has something to write (a session past its
 * expiry, which it deletes, or one due for its daily extension) — whatever Better Auth answers.
 */
async function sessionUserOf(
  deps: SessionDeps,
  headers: Headers,
  row: SessionUserRow,
): Promise<SessionUser | null> {
  const settings = settingsOf(deps.env);
  const expiresAt = row.sessionExpiresMs;
  const now = Date.now();
  const dueForExtension = expiresAt - settings.expiresInMs + settings.updateAgeMs <= now;
  const remembered =
    readCookie(headers.get("cookie") ?? undefined, settings.dontRememberCookie) === undefined;
  if (expiresAt <= now || (dueForExtension && remembered))
    return sessionUserFromBetterAuth(deps, headers);
  return {
    id: row.sessionUserId,
    email: row.sessionEmail,
    name: row.sessionName,
    emailVerified: row.sessionEmailVerified,
  };
}

// Per statement, the same read joined to the session lookup (see readAsSessionUser).
const withSession = new Map<string, NamedStatement>();

/** A statement joined to the session lookup; exported so tests can EXPLAIN it. */
export function joinedToSession(statement: NamedStatement): NamedStatement {
  let joined = withSession.get(statement.name);
  if (!joined) {
    // $1 becomes the session's user; $2… keep their numbers. The rows come as one JSON array in
    // the subquery's order ("supplying the input values from a sorted subquery", PostgreSQL's
    // documentation of aggregates): one native JSON.parse instead of a row parser per field.
    const inner = statement.text.replace(/\$1(?!\d)/g, `su."sessionUserId"`);
    joined = {
      name: `session_${statement.name}`,
      text: `with su as (select ${SESSION_COLUMNS} from ${SESSION_FROM})
        select su.*, (select coalesce(json_agg(x), '[]'::json) from (${inner}) x) as "sessionRows"
        from su`,
    };
    withSession.set(statement.name, joined);
  }
  return joined;
}

/**
 * The signed-in user and a read of their own rows in one database round trip: `statement` names the
 * user's id `$1` and takes `params` as `$2`…. On a loopback PostgreSQL each round trip costs the
 * server a socket write and the database a wake-up, so the hot reads (trip list, trip detail,
 * profile) send one instead of two. The session is still read on every request, so a signed-out or
 * reset session is refused at once. When Better Auth must answer (see sessionUserOf), its answer says
 * who is signed in; the rows read with the session are kept only when that is the session's own
 * user. Without a signed session cookie, or with a dead session, the user is null and there are no rows.
 *
 * The rows arrive as JSON, so the statement's columns must already be what the caller wants in
 * that form and in a plain read alike: dates and timestamps as text (to_char), arrays as JSON
 * (array_to_json); numeric comes as a number here and as text in a plain read.
 */
export async function readWithSession<T>(
  deps: SessionDeps,
  headers: Headers,
  statement: NamedStatement,
  params: unknown[],
): Promise<{ user: SessionUser | null; rows: T[] }> {
  const token = sessionToken(deps.env, headers);
  if (!token) return { user: null, rows: [] };
  const [first] = await deps.database.query<SessionUserRow & { sessionRows: T[] }>(
    joinedToSession(statement),
    [token, ...params],
  );
  const user = first ? await sessionUserOf(deps, headers, first) : null;
  if (!user) return { user: null, rows: [] };
  // The rows belong to the session's user; should Better Auth ever answer with another, read again.
  if (user.id !== first?.sessionUserId)
    return { user, rows: await deps.database.query<T>(statement, [user.id, ...params]) };
  return { user, rows: first.sessionRows };
}
