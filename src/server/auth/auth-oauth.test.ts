import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "#tests/fakes/oauth-provider.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";
import { createApp } from "../app.ts";
import { createAuth } from "./auth.ts";
import { account, user as userTable } from "../db/auth-schema.ts";

const SOCIAL = {
  GOOGLE_CLIENT_ID: "test-google-id.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "test-google-secret",
  GITHUB_CLIENT_ID: "test-github-id",
  GITHUB_CLIENT_SECRET: "test-github-secret",
};

let t: TestApp;
let provider: FakeOAuthProvider;
let app: Pick<TestApp, "app">;
beforeAll(async () => {
  t = await createTestApp({ ...SOCIAL, AUTH_RATE_LIMIT: "1000" });
  provider = await startFakeOAuthProvider();
  // Built-in Google and GitHub have their endpoints fixed in Better Auth; the round trip runs through
  // the generic OAuth plugin, which registers the loopback provider as one more social provider (same
  // /sign-in/social and /callback/:id endpoints), on this app's own settings and database.
  const auth = createAuth({
    env: t.env,
    db: t.deps.database.db,
    mailer: t.deps.mailer,
    logger: t.deps.logger,
    genericProviders: [
      {
        providerId: "loopback",
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        authorizationUrl: provider.authorizationUrl,
        tokenUrl: provider.tokenUrl,
        userInfoUrl: provider.userInfoUrl,
        scopes: ["openid", "email", "profile"],
        pkce: true,
      },
    ],
  });
  app = { app: createApp({ ...t.deps, auth }) };
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function startSignIn(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post("/api/auth/sign-in/social", body);
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return new URL(url);
}

describe("social sign-in", () => {
  it("reports configured providers in /api/config", async () => {
    const res = await t.app.request("/api/config");
    expect(((await res.json()) as { providers: unknown }).providers).toEqual({
      google: true,
      github: true,
    });
  });

  it("sends Google and GitHub visitors to the provider with client_id, redirect_uri and state", async () => {
    for (const [id, host, clientId] of [
      ["google", "accounts.google.com", SOCIAL.GOOGLE_CLIENT_ID],
      ["github", "github.com", SOCIAL.GITHUB_CLIENT_ID],
    ] as const) {
      const client = createClient(t);
      const url = await startSignIn(client, {
        provider: id,
        callbackURL: "/trips",
        disableRedirect: true,
      });
      expect(url.protocol).toBe("https:");
      expect(url.host).toBe(host);
      expect(url.searchParams.get("client_id")).toBe(clientId);
      expect(url.searchParams.get("redirect_uri")).toBe(`${TEST_ORIGIN}/api/auth/callback/${id}`);
      expect(url.searchParams.get("response_type")).toBe("code");
      const state = url.searchParams.get("state") ?? "";
      expect(state.length).toBeGreaterThanOrEqual(16);
      // The state is bound to this browser by a cookie, so a link made for someone else fails.
      expect([...client.cookies.keys()].some((k) => k.includes("state"))).toBe(true);
    }
  });

  it("refuses a callback URL on another site", async () => {
    const res = await createClient(t).post("/api/auth/sign-in/social", {
      provider: "github",
      callbackURL: "https://evil.example/",
    });
    expect(res.status).toBe(403);
  });
});

describe("OAuth round trip against a loopback provider (generic OAuth plugin)", () => {
  it("signs a new user in and lands on the callback URL", async () => {
    provider.setUser({
      sub: "round-trip-1",
      email: "traveller@example.com",
      email_verified: true,
      name: "Tess Traveller",
    });
    const browser = createClient(app);
    const authorize = await startSignIn(browser, {
      provider: "loopback",
      callbackURL: "/trips",
      errorCallbackURL: "/login",
    });
    expect(authorize.origin).toBe(provider.url);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");

    // The provider approves and sends the browser back with a code.
    const approved = await fetch(authorize, { redirect: "manual" });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get("location") ?? "");
    expect(back.origin).toBe(TEST_ORIGIN);
    expect(back.pathname).toBe("/api/auth/callback/loopback");

    const callback = await browser.request("GET", `${back.pathname}${back.search}`, {
      headers: { Origin: "" },
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/trips");
    const session = (await (await browser.get("/api/auth/get-session")).json()) as {
      user: { email: string; emailVerified: boolean; name: string };
    } | null;
    expect(session?.user).toMatchObject({
      email: "traveller@example.com",
      emailVerified: true,
      name: "Tess Traveller",
    });

    // The code went back to the token endpoint with the PKCE verifier and our client's secret.
    const tokenCall = provider.log.findLast((l) => l.path === "/token");
    expect(tokenCall?.params.code_verifier).toBeTruthy();
    expect(tokenCall?.params.redirect_uri).toBe(`${TEST_ORIGIN}/api/auth/callback/loopback`);

    const rows = await t.deps.database.db
      .select({ userId: account.userId })
      .from(account)
      .innerJoin(userTable, eq(userTable.id, account.userId))
      .where(and(eq(account.providerId, "loopback"), eq(userTable.email, "traveller@example.com")));
    expect(rows).toHaveLength(1);
  });

  it("signs the same person into the same account the second time", async () => {
    provider.setUser({
      sub: "round-trip-2",
      email: "repeat@example.com",
      email_verified: true,
      name: "Repeat",
    });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const browser = createClient(app);
      const authorize = await startSignIn(browser, { provider: "loopback", callbackURL: "/" });
      const back = new URL(
        (await fetch(authorize, { redirect: "manual" })).headers.get("location") ?? "",
      );
      await browser.request("GET", `${back.pathname}${back.search}`, { headers: { Origin: "" } });
      const session = (await (await browser.get("/api/auth/get-session")).json()) as {
        user: { id: string };
      };
      ids.push(session.user.id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it("rejects a callback whose state was not issued to this browser", async () => {
    const victim = createClient(app);
    const authorize = await startSignIn(victim, {
      provider: "loopback",
      callbackURL: "/",
      errorCallbackURL: "/login",
    });
    const back = new URL(
      (await fetch(authorize, { redirect: "manual" })).headers.get("location") ?? "",
    );
    // Another browser (no state cookie) replays the callback: login CSRF must fail.
    const attacker = createClient(app);
    const res = await attacker.request("GET", `${back.pathname}${back.search}`, {
      headers: { Origin: "" },
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "", TEST_ORIGIN);
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(await (await attacker.get("/api/auth/get-session")).json()).toBeNull();
  });

  /** One full round trip as `who`; returns where the app sent the browser and whose session it got. */
  async function roundTrip(who: Parameters<FakeOAuthProvider["setUser"]>[0]) {
    provider.setUser(who);
    const browser = createClient(app);
    const authorize = await startSignIn(browser, {
      provider: "loopback",
      callbackURL: "/",
      errorCallbackURL: "/login",
    });
    const back = new URL(
      (await fetch(authorize, { redirect: "manual" })).headers.get("location") ?? "",
    );
    const res = await browser.request("GET", `${back.pathname}${back.search}`, {
      headers: { Origin: "" },
    });
    const session = (await (await browser.get("/api/auth/get-session")).json()) as {
      user: { id: string };
    } | null;
    return { location: new URL(res.headers.get("location") ?? "", TEST_ORIGIN), session };
  }

  const linkedAccounts = (userId: string) =>
    t.deps.database.db
      .select()
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "loopback")));

  it("links a provider only to a verified account through a verified e-mail (no pre-hijacking)", async () => {
    const { email, userId } = await signUpUser(app, { email: "owner@example.com" });

    // The provider does not vouch for the address: no link, no session.
    const unverified = await roundTrip({ sub: "x1", email, email_verified: false, name: "X" });
    expect(unverified.location.pathname).toBe("/login");
    expect(unverified.location.searchParams.get("error")).toBe("account_not_linked");
    expect(unverified.session).toBeNull();

    // The provider vouches, but our account was never verified: whoever created it may not own the
    // address (pre-registration attack), so it is not handed over either.
    const unverifiedLocal = await roundTrip({ sub: "x2", email, email_verified: true, name: "X" });
    expect(unverifiedLocal.location.searchParams.get("error")).toBe("account_not_linked");
    expect(unverifiedLocal.session).toBeNull();
    expect(await linkedAccounts(userId)).toHaveLength(0);

    // Both sides verified: the same person, one account.
    await t.deps.database.db
      .update(userTable)
      .set({ emailVerified: true })
      .where(eq(userTable.id, userId));
    const linked = await roundTrip({ sub: "x3", email, email_verified: true, name: "X" });
    expect(linked.location.pathname).toBe("/");
    expect(linked.session?.user.id).toBe(userId);
    expect(await linkedAccounts(userId)).toHaveLength(1);
  });
});
