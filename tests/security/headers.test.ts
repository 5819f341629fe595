import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(["/api/health", "/api/config", "/api/nope", "/api/trips/not-a-uuid"])(
    "are on API response %s",
    async (path) => {
      const response = await t.app.request(path);
      expectSecurityHeaders(response.headers);
      expect(response.headers.get("cache-control")).toBe("no-store");
    },
  );

  it.each(["/", "/login", "/trips", "/shared/anything", "/favicon.svg"])(
    "are on page %s (built or not)",
    async (path) => {
      const web = createApp(t.deps, { serveWeb: true });
      const response = await web.request(path);
      expectSecurityHeaders(response.headers);
    },
  );
});

describe("session cookie in production mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: "production",
      APP_ORIGIN: "http://localhost:3000",
      AUTH_SECRET: "prod-secret-prod-secret-prod-secret-0123",
    });
  });
  afterAll(() => t.close());

  it("is Secure, HttpOnly, SameSite=Lax, host-wide, and HSTS is on", async () => {
    const response = await t.app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({
        email: `prod-${Date.now()}@example.com`,
        password: "correct horse battery",
        name: "Prod",
      }),
    });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((c) => c.includes("session_token="));
    expect(session).toBeDefined();
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });

  it("is HttpOnly and SameSite=Lax in development too (Secure needs https)", async () => {
    const dev = await createTestApp();
    try {
      const response = await dev.app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({
          email: `dev-${Date.now()}@example.com`,
          password: "correct horse battery",
          name: "Dev",
        }),
      });
      expect(response.status).toBe(200);
      const session = response.headers.getSetCookie().find((c) => c.includes("session_token="));
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*SameSite=Lax/i);
      expect(session).not.toMatch(/^__Secure-/);
    } finally {
      await dev.close();
    }
  });
});
