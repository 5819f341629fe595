import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("foundation API", () => {
  it("reports health with the database reachable", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const res = await t.app.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
  });

  it("exposes public config without secrets", async () => {
    const res = await t.app.request("/api/config");
    expect(await res.json()).toEqual({
      mcp: { url: `${t.env.APP_ORIGIN}/mcp` },
      providers: { google: false, github: false },
      ai: { mode: "offline" },
      planner: "general",
      weather: { provider: "open-meteo" },
      mail: { mode: "outbox" },
      contactEmail: "hello@boundless.travel",
      map: {
        tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        attribution: "© OpenStreetMap contributors",
      },
    });
  });

  it("sets security headers on API responses", async () => {
    const res = await t.app.request("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("refuses oversized JSON bodies with 413 in the error shape", async () => {
    const res = await t.app.request("/api/config", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(300 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });

  it("signs a user up and resolves their session through the real auth handler", async () => {
    const { client, email } = await signUpUser(t);
    const res = await client.get("/api/auth/get-session");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string } };
    expect(body.user.email).toBe(email);
    const anonymous = await createClient(t).get("/api/auth/get-session");
    expect(await anonymous.json()).toBeNull();
  });

  it("returns 503 from health when the database is closed", async () => {
    const other = await createTestApp();
    await other.deps.database.close();
    const res = await other.app.request("/api/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "unavailable", database: "down" });
    await other.close();
  });
});
