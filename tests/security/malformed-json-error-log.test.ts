import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";
import { captureLogs, LEVEL } from "./support/log-capture.ts";

// Malformed JSON to the auth routes wrote an error-level line ("auth endpoint failed") every time: a
// client could fill the error log (and page whoever watches it) with one curl loop. A client's
// malformed body is refused with 400 and logged at debug, as every other client-caused refusal.

const logs = captureLogs();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_LIMIT: "1000", LOG_LEVEL: "debug" },
    {},
    { logTo: logs.stream },
  );
});
afterAll(() => t.close());

const AUTH_ROUTES = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/request-password-reset",
  "/api/auth/reset-password",
];

const post = (path: string, body: string, contentType = "application/json") =>
  t.app.request(path, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, "Content-Type": contentType },
    body,
  });

describe("malformed bodies to the auth routes", () => {
  it("are answered 400 and logged below info, never at error", async () => {
    logs.clear();
    for (const path of AUTH_ROUTES) {
      for (const body of ["{bad json", '{"email":', "\u0000", "[1,2"]) {
        const res = await post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    // A body in a type the route does not take is the client's mistake too.
    expect((await post(AUTH_ROUTES[0] as string, "<xml/>", "application/xml")).status).toBe(415);

    const refusals = logs.lines().filter((line) => line.module === "better-auth");
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((line) => line.level <= LEVEL.debug)).toBe(true);
    expect(logs.atOrAbove(LEVEL.warn)).toEqual([]);
    // The request lines themselves stay (info), one per request.
    expect(logs.lines().filter((line) => line.msg === "request")).toHaveLength(
      AUTH_ROUTES.length * 4 + 1,
    );
  });
});
