import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";
import { MAX_BODY_NESTING, TOO_DEEP_MESSAGE } from "#server/http/nesting-limit.ts";

// F-10 (security review three): a body nested 40,000 deep to POST /api/auth/update-user overflowed
// the stack in Better Auth's parser, a 500. A body nested deeper than 64 is now a 400 before it
// reaches Better Auth or any route; a body at the limit still reaches the route.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const nested = (depth: number, open = "[", close = "]") =>
  `${open.repeat(depth)}${close.repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("a body nested 40,000 deep", () => {
  it("to Better Auth's update-user, sign-in and a trip's PATCH is a 400, never a 500", async () => {
    const { client, userId } = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, userId, { days: 1 });
    const bodies = [
      `{"name":${nested(40_000)}}`,
      `{"name":${nestedObject(40_000)}}`,
      `{"name":"x","image":${nested(20_000, '{"a":[', "]}")}}`,
    ];
    for (const [method, path] of [
      ["POST", "/api/auth/update-user"],
      ["POST", "/api/auth/sign-in/email"],
      ["PATCH", `/api/trips/${trip.id}`],
      ["POST", "/api/chat"],
    ] as const)
      for (const body of bodies) {
        const res = await client.request(method, path, {
          body,
          headers: { "Content-Type": "application/json" },
        });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
          TOO_DEEP_MESSAGE,
        );
      }
    // Without a Content-Type the body is still checked: c.req.json() does not look at it.
    const untyped = await client.request("PATCH", `/api/trips/${trip.id}`, {
      body: nested(40_000),
    });
    expect(untyped.status).toBe(400);
    // The server is fine afterwards.
    expect((await client.get("/api/health")).status).toBe(200);
  });

  it("one level past the limit is refused; at the limit, and brackets inside strings, the route answers", async () => {
    const { client } = await signUpUser(t);
    const past = await client.request("POST", "/api/auth/update-user", {
      body: `{"name":${nested(MAX_BODY_NESTING)}}`, // the outer object makes it 65
      headers: { "Content-Type": "application/json" },
    });
    expect(past.status).toBe(400);
    const at = await client.request("POST", "/api/auth/update-user", {
      body: `{"name":"Ada ${"[{".repeat(5_000)}\\"[","x":${nested(MAX_BODY_NESTING - 1)}}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(at.status).not.toBe(400);
    expect(at.status).toBeLessThan(500);
  });

  it("a multipart body is not read as JSON (a file may hold any brackets)", async () => {
    const res = await t.app.request("/api/auth/update-user", {
      method: "POST",
      headers: { Origin: TEST_ORIGIN },
      body: (() => {
        const form = new FormData();
        form.append("file", new File([nested(1_000)], "deep.json"));
        return form;
      })(),
    });
    expect(res.status).not.toBe(400);
  });
});
