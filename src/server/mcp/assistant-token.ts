import { and, eq, sql } from "drizzle-orm";
import type { JSONWebKeySet } from "jose";
import { verifyAccessTokenRequest, requestToResourceInput } from "better-auth/oauth2";
import type { Auth } from "../auth/auth.ts";
import {
  ASSISTANT_SCOPES,
  mcpResourceMetadataUrl,
  mcpResourceUrl,
} from "../auth/assistant-oauth.ts";
import type { Db } from "../db/database.ts";
import { assistantUses, oauthClient, oauthConsent, user } from "../db/schema.ts";

/** Who is calling /mcp: the traveller, through which assistant, allowed what. */
export type AssistantPrincipal = {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  clientId: string;
  /** The assistant's registered name ("Claude"), as the history and the account page show it. */
  clientName: string;
  scopes: string[];
  canWrite: boolean;
};

type TokenDeps = { db: Db; auth: Auth; appOrigin: string };

// The JWT plugin's own key set, read in-process (no HTTP round trip to ourselves); jose caches it
// under this key and reads it again when a token names a key it has not seen.
const jwksCacheKeys = new WeakMap<Auth, object>();

type JwksApi = { getJwks: () => Promise<JSONWebKeySet> };

/**
 * The audiences an assistant's token may carry: the /mcp resource, and the userinfo endpoint the
 * provider adds when `openid` was granted. jose's audience check only asks that one of them
 * matches, so every other audience is refused here (a token also minted for another resource).
 */
const allowedAudiences = (appOrigin: string) =>
  new Set([mcpResourceUrl(appOrigin), `${appOrigin}/api/auth/oauth2/userinfo`]);

/**
 * The bearer token of a /mcp request, verified: signed by us (JWT plugin keys), issued by us, bound
 * to /mcp and nothing we do not serve, unexpired; its user still there; its assistant still allowed
 * (a Revoke, a password change, "sign out everywhere" or deleting the account removes the consent,
 * and a token older than a consent given again is refused too). Null when any of it fails.
 */
export async function verifyAssistantToken(
  deps: TokenDeps,
  request: Request,
): Promise<AssistantPrincipal | null> {
  let cacheKey = jwksCacheKeys.get(deps.auth);
  if (!cacheKey) {
    cacheKey = {};
    jwksCacheKeys.set(deps.auth, cacheKey);
  }
  const api = deps.auth.api as unknown as JwksApi;
  let claims: Record<string, unknown>;
  try {
    claims = await verifyAccessTokenRequest(requestToResourceInput(request), {
      verifyOptions: {
        issuer: `${deps.appOrigin}/api/auth`,
        audience: mcpResourceUrl(deps.appOrigin),
      },
      jwksFetch: () => api.getJwks(),
      jwksCacheKey: cacheKey,
    });
  } catch {
    return null;
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const allowed = allowedAudiences(deps.appOrigin);
  if (!audiences.every((a) => typeof a === "string" && allowed.has(a))) return null;
  const userId = typeof claims.sub === "string" ? claims.sub : null;
  const clientId =
    typeof claims.azp === "string"
      ? claims.azp
      : typeof claims.client_id === "string"
        ? claims.client_id
        : null;
  const issuedAt = typeof claims.iat === "number" ? claims.iat : null;
  if (!userId || !clientId || issuedAt === null) return null;
  const scopes = typeof claims.scope === "string" ? claims.scope.split(" ").filter(Boolean) : [];
  const [row] = await deps.db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      clientName: oauthClient.name,
      consentAt: oauthConsent.createdAt,
    })
    .from(oauthConsent)
    .innerJoin(user, eq(user.id, oauthConsent.userId))
    .innerJoin(oauthClient, eq(oauthClient.clientId, oauthConsent.clientId))
    .where(
      and(
        eq(oauthConsent.userId, userId),
        eq(oauthConsent.clientId, clientId),
        sql`coalesce(${oauthClient.disabled}, false) = false`,
      ),
    )
    .limit(1);
  if (!row) return null;
  // A token from before the consent it rests on (given again after a Revoke) is not revived by it.
  if (row.consentAt && issuedAt < Math.floor(row.consentAt.getTime() / 1000)) return null;
  return {
    user: { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified },
    clientId,
    clientName: row.clientName?.trim() || "an assistant",
    scopes: scopes.filter((s) => (ASSISTANT_SCOPES as readonly string[]).includes(s)),
    canWrite: scopes.includes("trips:write"),
  };
}

/**
 * The 401 an assistant gets without a valid token: RFC 9728's pointer to the resource's metadata,
 * from which it finds the authorization server and starts signing in.
 */
export function unauthorizedAnswer(appOrigin: string, hadToken: boolean): Response {
  const params = [`resource_metadata="${mcpResourceMetadataUrl(appOrigin)}"`];
  if (hadToken) params.push('error="invalid_token"');
  params.push(`scope="${ASSISTANT_SCOPES.join(" ")}"`);
  return new Response(
    JSON.stringify({
      jsonrpc: "2.0",
      error: { code: -32001, message: "Sign in to Boundless to use this assistant connection." },
      id: null,
    }),
    {
      status: 401,
      headers: {
        "Content-Type": "application/json",
        "WWW-Authenticate": `Bearer ${params.join(", ")}`,
      },
    },
  );
}

const TOUCH_EVERY_SECONDS = 60;

/** Notes that this assistant was used now (the account page's "last used"), at most once a minute. */
export async function touchAssistant(db: Db, principal: AssistantPrincipal): Promise<void> {
  await db
    .insert(assistantUses)
    .values({ userId: principal.user.id, clientId: principal.clientId })
    .onConflictDoUpdate({
      target: [assistantUses.userId, assistantUses.clientId],
      set: { lastUsedAt: sql`now()` },
      setWhere: sql`${assistantUses.lastUsedAt} < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`,
    });
}
