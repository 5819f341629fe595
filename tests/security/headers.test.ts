import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
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

/** The sources of one CSP directive, e.g. `img-src`. */
const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1) ?? [];

describe("the trip map's tiles in the CSP", () => {
  it("allows exactly OpenStreetMap's tile origin by default, and nothing broader", async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.request("/api/config");
      const body = (await response.json()) as { map: { tileUrl: string; attribution: string } };
      expect(body.map).toEqual({
        tileUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        attribution: "© OpenStreetMap contributors",
      });
      const imgSrc = directive(response.headers.get("content-security-policy") ?? "", "img-src");
      expect(imgSrc).toEqual(["'self'", "data:", "blob:", "https://tile.openstreetmap.org"]);
    } finally {
      await t.close();
    }
  });

  it("follows MAP_TILE_URL (its origin only, on pages too) and MAP_ATTRIBUTION", async () => {
    const t = await createTestApp({
      MAP_TILE_URL: "http://127.0.0.1:5999/tiles/{z}/{x}/{y}.png?style=plain",
      MAP_ATTRIBUTION: "© Test tiles",
    });
    try {
      const config = (await (await t.app.request("/api/config")).json()) as {
        map: { tileUrl: string; attribution: string };
      };
      expect(config.map).toEqual({
        tileUrl: "http://127.0.0.1:5999/tiles/{z}/{x}/{y}.png?style=plain",
        attribution: "© Test tiles",
      });
      const page = await createApp(t.deps, { serveWeb: true }).request("/trips/anything");
      const imgSrc = directive(page.headers.get("content-security-policy") ?? "", "img-src");
      expect(imgSrc).toEqual(["'self'", "data:", "blob:", "http://127.0.0.1:5999"]);
      expect(imgSrc).not.toContain("https://tile.openstreetmap.org");
    } finally {
      await t.close();
    }
  });

  it("lists the a, b and c hosts of a {s} template, not a wildcard", async () => {
    const t = await createTestApp({
      MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png",
    });
    try {
      const response = await t.app.request("/api/health");
      const imgSrc = directive(response.headers.get("content-security-policy") ?? "", "img-src");
      expect(imgSrc.slice(3)).toEqual([
        "https://a.tiles.example.org",
        "https://b.tiles.example.org",
        "https://c.tiles.example.org",
      ]);
    } finally {
      await t.close();
    }
  });
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

describe("compression of API answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gzips a large JSON answer when asked, says Vary: Accept-Encoding either way", async () => {
    const { client, userId } = await signUpUser(t);
    for (let i = 0; i < 8; i++) await insertTrip(t.deps.database.db, userId);
    const plain = await client.get("/api/trips");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);

    const zipped = await client.get("/api/trips", { "Accept-Encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(zipped.headers.get("cache-control")).toBe("no-store");
    const unzipped = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8");
    expect(JSON.parse(unzipped)).toEqual(JSON.parse(text));
  });
});
