import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeOAuthUser = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
};

type PendingCode = {
  clientId: string;
  redirectUri: string;
  user: FakeOAuthUser;
  codeChallenge: string | null;
  scope: string;
  expiresAt: number;
};

export type FakeOAuthProvider = {
  url: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account the next visitor of /authorize "logs in" as (the provider's own login is skipped). */
  setUser: (user: FakeOAuthUser) => void;
  /** What the provider received, for assertions. */
  log: { path: string; params: Record<string, string> }[];
  close: () => Promise<void>;
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/**
 * An OAuth 2.0 authorization-code provider on 127.0.0.1 (RFC 6749 + PKCE, RFC 7636) with an
 * OIDC-style userinfo endpoint. It checks what a real provider checks: client credentials (Basic or
 * form), redirect_uri equality, single-use codes that expire, the PKCE verifier, and bearer tokens.
 */
export async function startFakeOAuthProvider(
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<FakeOAuthProvider> {
  const clientId = options.clientId ?? "loopback-client";
  const clientSecret = options.clientSecret ?? "loopback-secret";
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, FakeOAuthUser>();
  const log: FakeOAuthProvider["log"] = [];
  let user: FakeOAuthUser = {
    sub: "fake-user-1",
    email: "oauth.user@example.com",
    email_verified: true,
    name: "OAuth User",
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === "POST") {
        Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
      }
      log.push({ path: url.pathname, params });

      if (req.method === "GET" && url.pathname === "/authorize") {
        if (params.client_id !== clientId) return json(res, 400, { error: "invalid_client" });
        if (params.response_type !== "code" || !params.redirect_uri || !params.state)
          return json(res, 400, { error: "invalid_request" });
        const code = randomBytes(16).toString("base64url");
        codes.set(code, {
          clientId,
          redirectUri: params.redirect_uri,
          user,
          codeChallenge:
            params.code_challenge_method === "S256" ? (params.code_challenge ?? null) : null,
          scope: params.scope ?? "",
          expiresAt: Date.now() + 60_000,
        });
        const back = new URL(params.redirect_uri);
        back.searchParams.set("code", code);
        back.searchParams.set("state", params.state);
        res.writeHead(302, { Location: back.toString() }).end();
        return;
      }

      if (req.method === "POST" && url.pathname === "/token") {
        const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
        const [basicId, basicSecret] = basic
          ? Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent)
          : [];
        const id = basicId ?? params.client_id;
        const secret = basicSecret ?? params.client_secret;
        if (id !== clientId || secret !== clientSecret)
          return json(res, 401, { error: "invalid_client" });
        if (params.grant_type !== "authorization_code")
          return json(res, 400, { error: "unsupported_grant_type" });
        const pending = params.code ? codes.get(params.code) : undefined;
        if (params.code) codes.delete(params.code); // single use, even when the rest fails
        if (!pending || pending.expiresAt < Date.now())
          return json(res, 400, { error: "invalid_grant" });
        if (pending.redirectUri !== params.redirect_uri)
          return json(res, 400, { error: "invalid_grant", error_description: "redirect_uri" });
        if (pending.codeChallenge && s256(params.code_verifier ?? "") !== pending.codeChallenge)
          return json(res, 400, { error: "invalid_grant", error_description: "code_verifier" });
        const accessToken = randomBytes(24).toString("base64url");
        tokens.set(accessToken, pending.user);
        return json(res, 200, {
          access_token: accessToken,
          token_type: "Bearer",
          expires_in: 3600,
          scope: pending.scope,
        });
      }

      if (req.method === "GET" && url.pathname === "/userinfo") {
        const token = req.headers.authorization?.match(/^Bearer (.+)$/i)?.[1];
        const owner = token ? tokens.get(token) : undefined;
        if (!owner) return json(res, 401, { error: "invalid_token" });
        // `sub` as OIDC names it, `id` as plain OAuth 2.0 providers (GitHub) do.
        return json(res, 200, { id: owner.sub, ...owner });
      }

      json(res, 404, { error: "not_found" });
    })().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    authorizationUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    userInfoUrl: `${base}/userinfo`,
    clientId,
    clientSecret,
    setUser: (next) => {
      user = next;
    },
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
