import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "./oauth-provider.ts";

let p: FakeOAuthProvider;
beforeAll(async () => {
  p = await startFakeOAuthProvider();
});
afterAll(() => p.close());

const REDIRECT = "http://localhost:3000/api/auth/callback/loopback";
const VERIFIER = "a-verifier-that-is-long-enough-for-pkce-0123456789";

async function authorize(extra: Record<string, string> = {}) {
  const url = new URL(p.authorizationUrl);
  const params = {
    client_id: p.clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    state: "state-123",
    code_challenge: createHash("sha256").update(VERIFIER).digest("base64url"),
    code_challenge_method: "S256",
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: "manual" });
  return res;
}

async function codeFor() {
  const res = await authorize();
  const location = new URL(res.headers.get("location") ?? "");
  return location.searchParams.get("code") ?? "";
}

const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(p.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });

const exchange = (code: string, overrides: Record<string, string> = {}) =>
  token({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
    client_id: p.clientId,
    client_secret: p.clientSecret,
    ...overrides,
  });

describe("fake OAuth provider", () => {
  it("redirects back with a code and the same state", async () => {
    const res = await authorize();
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.searchParams.get("code")).toBeTruthy();
    expect((await authorize({ client_id: "someone-else" })).status).toBe(400);
  });

  it("exchanges a code once for a bearer token that reads the user", async () => {
    p.setUser({ sub: "u1", email: "u1@example.com", email_verified: true, name: "U One" });
    const code = await codeFor();
    const res = await exchange(code);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe("Bearer");
    const me = await fetch(p.userInfoUrl, {
      headers: { Authorization: `Bearer ${body.access_token}` },
    });
    expect(await me.json()).toEqual({
      id: "u1",
      sub: "u1",
      email: "u1@example.com",
      email_verified: true,
      name: "U One",
    });
    expect((await exchange(code)).status).toBe(400);
    expect((await fetch(p.userInfoUrl)).status).toBe(401);
  });

  it("accepts client credentials by HTTP Basic and refuses wrong ones", async () => {
    const basic = Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64");
    const ok = await token(
      {
        grant_type: "authorization_code",
        code: await codeFor(),
        redirect_uri: REDIRECT,
        code_verifier: VERIFIER,
      },
      { Authorization: `Basic ${basic}` },
    );
    expect(ok.status).toBe(200);
    const wrong = await exchange(await codeFor(), { client_secret: "nope" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "invalid_client" });
  });

  it("checks the PKCE verifier and the redirect_uri", async () => {
    const badVerifier = await exchange(await codeFor(), { code_verifier: "wrong" });
    expect(badVerifier.status).toBe(400);
    expect(await badVerifier.json()).toMatchObject({ error: "invalid_grant" });
    const badRedirect = await exchange(await codeFor(), {
      redirect_uri: "https://evil.example/cb",
    });
    expect(badRedirect.status).toBe(400);
  });
});
