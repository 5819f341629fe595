import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

const EVIL = "https://evil.example";

let t: TestApp;
let owner: { client: TestClient; userId: string; email: string; password: string };
let tripId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  owner = await signUpUser(t);
  tripId = (await insertTrip(t.deps.database.db, owner.userId)).id;
});
afterAll(() => t.close());

function cookie() {
  return [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Every state-changing route, with a body that would succeed from our own origin. */
const stateChanging = () => [
  { method: "POST", path: "/api/auth/sign-out", body: {} },
  { method: "POST", path: "/api/auth/update-user", body: { name: "Hijacked" } },
  {
    method: "POST",
    path: "/api/auth/change-password",
    body: { currentPassword: owner.password, newPassword: "hijacked-password-1" },
  },
  { method: "DELETE", path: `/api/trips/${tripId}`, body: undefined },
  { method: "POST", path: `/api/trips/${tripId}/share`, body: {} },
  { method: "PUT", path: "/api/profile", body: { fullName: "Hijacked" } },
  { method: "DELETE", path: "/api/profile/avatar", body: undefined },
  {
    method: "POST",
    path: "/api/trips",
    body: {
      destination: "Hijack",
      startDate: "2030-01-01",
      endDate: "2030-01-02",
      budget: 100,
      travelStyle: "budget",
      interests: [],
    },
  },
  { method: "POST", path: "/api/chat", body: { message: "hi", messages: [] } },
  { method: "POST", path: "/api/auth/revoke-other-sessions", body: {} },
  { method: "DELETE", path: "/api/account", body: { password: owner.password } },
  { method: "POST", path: "/api/account/deletion-link", body: {} },
];

async function stateIsIntact() {
  const session = await owner.client.get("/api/auth/get-session");
  const body = (await session.json()) as { user?: { name: string } } | null;
  expect(body?.user?.name).toBe("Test User");
  const trip = await owner.client.get(`/api/trips/${tripId}`);
  expect(trip.status).toBe(200);
}

describe("cross-origin state-changing requests carrying a valid session cookie", () => {
  it.each(["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"])(
    "are refused with 403 when sent as %s (no CORS preflight protects these)",
    async (contentType) => {
      for (const route of stateChanging()) {
        const response = await t.app.request(route.path, {
          method: route.method,
          headers: { cookie: cookie(), origin: EVIL, "content-type": contentType },
          body: route.body === undefined ? undefined : JSON.stringify(route.body),
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(403);
      }
      await stateIsIntact();
    },
  );

  it("are refused when sent as JSON from a foreign Origin", async () => {
    for (const route of stateChanging()) {
      const response = await t.app.request(route.path, {
        method: route.method,
        headers: { cookie: cookie(), origin: EVIL, "content-type": "application/json" },
        body: route.body === undefined ? undefined : JSON.stringify(route.body),
      });
      // Browsers would preflight these (see below); the server refuses them even so.
      expect(response.status, `${route.method} ${route.path}`).toBe(403);
    }
    await stateIsIntact();
  });

  it("get no CORS grant on preflight, so a browser never sends the JSON ones", async () => {
    for (const route of stateChanging()) {
      const response = await t.app.request(route.path, {
        method: "OPTIONS",
        headers: {
          origin: EVIL,
          "access-control-request-method": route.method,
          "access-control-request-headers": "content-type",
        },
      });
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("are refused when the browser says cross-site without an Origin", async () => {
    const response = await t.app.request("/api/auth/update-user", {
      method: "POST",
      headers: {
        cookie: cookie(),
        "sec-fetch-site": "cross-site",
        "content-type": "application/json",
      },
      body: JSON.stringify({ name: "Hijacked" }),
    });
    expect(response.status).toBe(403);
    await stateIsIntact();
  });

  it("from our own origin still work (the refusals above are not blanket)", async () => {
    const response = await t.app.request("/api/auth/update-user", {
      method: "POST",
      headers: { cookie: cookie(), origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ name: "Test User" }),
    });
    expect(response.status).toBe(200);
  });
});
