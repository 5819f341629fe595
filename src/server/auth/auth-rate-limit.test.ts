import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "#tests/support/http.ts";
import { createTestApp, fromSocketPeer, type TestApp } from "#tests/support/test-app.ts";
import { createApp } from "../app.ts";
import { createDeps } from "../deps.ts";

let t: TestApp;
let second: { app: ReturnType<typeof createApp> };
beforeAll(async () => {
  // TRUST_PROXY lets each test speak for a client address of its own through X-Forwarded-For.
  t = await createTestApp({ AUTH_RATE_LIMIT: "3", TRUST_PROXY: "true" });
  // A second app instance on the same database: the counters must be shared, not per process.
  // Both behind the same proxy on this machine.
  second = {
    app: fromSocketPeer(createApp(createDeps(t.env, t.deps.database, t.deps.logger)), "127.0.0.1"),
  };
});
afterAll(() => t.close());

const signIn = (app: Pick<TestApp, "app">, ip: string) =>
  createClient(app).request("POST", "/api/auth/sign-in/email", {
    json: { email: "nobody@example.com", password: "wrong password" },
    headers: { "X-Forwarded-For": ip },
  });

describe("auth rate limits", () => {
  it("answers 429 with Retry-After past AUTH_RATE_LIMIT per client, counted across instances", async () => {
    expect((await signIn(t, "203.0.113.1")).status).toBe(401);
    expect((await signIn(second, "203.0.113.1")).status).toBe(401);
    expect((await signIn(t, "203.0.113.1")).status).toBe(401);
    const limited = await signIn(second, "203.0.113.1");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { message: string }).message).toMatch(/too many/i);

    // Another client is not punished for the first one.
    expect((await signIn(t, "203.0.113.2")).status).toBe(401);
  });

  it("never limits reading the session: everyone behind one address stays signed in", async () => {
    // Better Auth's default for paths without a rule is 100 a minute per address.
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i++) {
      const res = await createClient(t).request("GET", "/api/auth/get-session", {
        headers: { "X-Forwarded-For": "203.0.113.77" },
      });
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it("limits sign-up and reset mail too", async () => {
    const ip = "203.0.113.9";
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await createClient(t).request("POST", "/api/auth/request-password-reset", {
        json: { email: `reset${i}@example.com`, redirectTo: "/update-password" },
        headers: { "X-Forwarded-For": ip },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const signUps: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await createClient(t).request("POST", "/api/auth/sign-up/email", {
        json: {
          email: `limit${Date.now()}-${i}@example.com`,
          password: "long enough pw",
          name: "",
        },
        headers: { "X-Forwarded-For": ip },
      });
      signUps.push(res.status);
    }
    expect(signUps).toEqual([200, 200, 200, 429]);
  });

  it("limits assistants' dynamic client registration per address (issue 51)", async () => {
    const ip = "203.0.113.51";
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await createClient(t).request("POST", "/api/auth/oauth2/register", {
        json: {
          client_name: `Assistant ${i}`,
          redirect_uris: ["http://127.0.0.1:33418/callback"],
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        },
        headers: { "X-Forwarded-For": ip },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3).every((status) => status < 300)).toBe(true);
    expect(statuses[3]).toBe(429);
    // Another address registers as ever.
    const other = await createClient(t).request("POST", "/api/auth/oauth2/register", {
      json: {
        client_name: "Elsewhere",
        redirect_uris: ["http://127.0.0.1:33418/callback"],
        token_endpoint_auth_method: "none",
      },
      headers: { "X-Forwarded-For": "203.0.113.52" },
    });
    expect(other.status).toBeLessThan(300);
  });
});
