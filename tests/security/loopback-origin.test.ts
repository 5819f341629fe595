import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

const LOOPBACK_ALIASES = ["http://127.0.0.1:3000", "http://[::1]:3000"];

function signUpFrom(t: TestApp, origin: string, email: string) {
  return createClient(t).request("POST", "/api/auth/sign-up/email", {
    json: { email, password: "correct horse battery", name: "Loopback User" },
    headers: { Origin: origin },
  });
}

describe("loopback aliases of APP_ORIGIN (http://localhost:3000) in development", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "development", AUTH_RATE_LIMIT: "1000" });
  });
  afterAll(() => t.close());

  it.each(LOOPBACK_ALIASES)("signs up and logs in from a page opened at %s", async (origin) => {
    const email = `alias-${origin.replace(/\W+/g, "-")}@example.com`;
    const signUp = await signUpFrom(t, origin, email);
    expect(signUp.status).toBe(200);
    const login = await createClient(t).request("POST", "/api/auth/sign-in/email", {
      json: { email, password: "correct horse battery" },
      headers: { Origin: origin },
    });
    expect(login.status).toBe(200);
  });

  it("accepts the app's own writes from an alias (a profile save)", async () => {
    const user = await signUpUser(t);
    const response = await user.client.request("PUT", "/api/profile", {
      json: { fullName: "Alias Saver" },
      headers: { Origin: "http://127.0.0.1:3000" },
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ["another port", "http://127.0.0.1:5173"],
    ["another site", "https://evil.example"],
    ["another scheme", "https://localhost:3000"],
  ])("refuses %s with a message naming both addresses", async (_, origin) => {
    const response = await signUpFrom(t, origin, "refused@example.com");
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({
      code: "origin_refused",
      message: `This page was opened at ${origin} but the site's address is ${TEST_ORIGIN}. Open it there.`,
    });
    const profile = await signUpUser(t);
    const write = await profile.client.request("PUT", "/api/profile", {
      json: { fullName: "Refused" },
      headers: { Origin: origin },
    });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: { message: string } }).error.message).toContain(
      `opened at ${origin} but`,
    );
  });
});

describe("in production only APP_ORIGIN itself", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: "production",
      AUTH_RATE_LIMIT: "1000",
      SMTP_URL: "smtp://127.0.0.1:9",
    });
  });
  afterAll(() => t.close());

  it("refuses http://127.0.0.1:3000 and says where the site is", async () => {
    const response = await signUpFrom(t, "http://127.0.0.1:3000", "prod-alias@example.com");
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      "This page was opened at http://127.0.0.1:3000 but the site's address is http://localhost:3000. Open it there.",
    );
  });
});
