import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { createAuth } from "#server/auth/auth.ts";
import { user as userTable } from "#server/db/auth-schema.ts";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "#tests/fakes/oauth-provider.ts";
import { createClient } from "#tests/support/http.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

// Field bounds on the path that is not a form: a provider's profile (Google, GitHub) writes the
// user's name and image too. A provider's data is not refused (the person did nothing wrong); it is
// held to the same rule by trimming and cutting, and an image that is not https is dropped.

let t: TestApp;
let provider: FakeOAuthProvider;
let app: Pick<TestApp, "app">;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  provider = await startFakeOAuthProvider();
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

describe("a provider profile with an oversized name and a javascript: picture", () => {
  it("is stored trimmed to 100 characters, without the picture", async () => {
    const email = `provider-${Date.now()}@example.com`;
    provider.setUser({
      sub: `huge-${Date.now()}`,
      email,
      email_verified: true,
      name: `\u200b\u3000${"Ö".repeat(5_000)}`,
      picture: "javascript:alert(1)",
    });
    const browser = createClient(app);
    const started = await browser.post("/api/auth/sign-in/social", {
      provider: "loopback",
      callbackURL: "/trips",
    });
    expect(started.status).toBe(200);
    const authorize = new URL(((await started.json()) as { url: string }).url);
    const approved = await fetch(authorize, { redirect: "manual" });
    const back = new URL(approved.headers.get("location") ?? "");
    expect(back.origin).toBe(TEST_ORIGIN);
    const callback = await browser.request("GET", `${back.pathname}${back.search}`, {
      headers: { Origin: "" },
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/trips");

    const [row] = await t.deps.database.db
      .select({ name: userTable.name, image: userTable.image })
      .from(userTable)
      .where(eq(userTable.email, email));
    expect(row).toEqual({ name: "Ö".repeat(100), image: null });
  });
});
