/** What an assistant may be allowed: reading the traveller's trips, and planning and changing them. */
export const ASSISTANT_SCOPES = ["trips:read", "trips:write"] as const;
export type AssistantScope = (typeof ASSISTANT_SCOPES)[number];

/** The web page that asks the traveller to allow an assistant (and signs them in first if needed). */
export const MCP_CONSENT_PATH = "/oauth/consent";

/** The MCP endpoint as an RFC 8707 resource identifier: what every assistant's token is bound to. */
export const mcpResourceUrl = (appOrigin: string) => `${appOrigin}/mcp`;

/** Its RFC 9728 metadata document (path inserted after the well-known prefix). */
export const mcpResourceMetadataUrl = (appOrigin: string) =>
  `${appOrigin}/.well-known/oauth-protected-resource/mcp`;

/**
 * A redirect URI an assistant may register: https anywhere, http only to this machine (a desktop
 * assistant's loopback listener, RFC 8252 §7.3). No custom schemes, no fragments.
 */
export function isAllowedRedirectUri(value: unknown): boolean {
  if (typeof value !== "string") return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  if (url.protocol !== "http:") return false;
  const host = url.hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Why a dynamic client registration (RFC 7591) is refused, or null: only public clients (no secret,
 * PKCE instead) with loopback or https redirect URIs.
 */
export function registrationRefusal(body: unknown): { error: string; description: string } | null {
  if (typeof body !== "object" || body === null) return null; // the endpoint's own schema answers
  const record = body as Record<string, unknown>;
  const method = record.token_endpoint_auth_method;
  if (method !== undefined && method !== "none")
    return {
      error: "invalid_client_metadata",
      description: "Only public clients may register: token_endpoint_auth_method must be none.",
    };
  const uris = record.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every(isAllowedRedirectUri))
    return {
      error: "invalid_redirect_uri",
      description: "Redirect URIs must use https, or http on a loopback address.",
    };
  return null;
}

const isLoopbackHttp = (value: unknown) =>
  typeof value === "string" && value.startsWith("http:") && isAllowedRedirectUri(value);

/**
 * The registration as the provider should read it: desktop assistants (Claude Code, editors)
 * register loopback redirect URIs without saying `application_type`, which OpenID's default
 * ("web") would refuse; only-loopback clients are native apps (RFC 8252), so they are said to be.
 * Null when nothing needs adding.
 */
export function registrationWithDefaults(body: unknown): Record<string, unknown> | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  const uris = record.redirect_uris;
  if (record.application_type !== undefined || !Array.isArray(uris) || uris.length === 0)
    return null;
  return uris.every(isLoopbackHttp) ? { ...record, application_type: "native" } : null;
}
