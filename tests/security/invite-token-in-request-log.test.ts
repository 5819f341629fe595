import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { captureLogs } from "./support/log-capture.ts";

// F-12 (security review three): the request line logged `/api/invites/<token>/accept` whole, so
// anyone reading the logs could accept an invitation meant for someone else. Tokens in paths
// (invitations, share links, password-reset links) are masked, as the verification link's is.

const logs = captureLogs();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { AUTH_RATE_LIMIT: "1000", LOG_LEVEL: "info" },
    {},
    { logTo: logs.stream },
  );
});
afterAll(() => t.close());

const TOKEN = "Zq3x9_secret-invite-token-7f3a0b1c2d3e4f5a6b7c";

describe("tokens in the request log", () => {
  it("never appear: the path is logged with [redacted] in their place", async () => {
    const { client } = await signUpUser(t);
    logs.clear();
    await createClient(t).get(`/api/invites/${TOKEN}`);
    await client.post(`/api/invites/${TOKEN}/accept`);
    await createClient(t).get(`/api/shared/${TOKEN}`);
    await createClient(t).get(`/api/shared/${TOKEN}/calendar.ics`);
    await createClient(t).get(`/api/auth/reset-password/${TOKEN}?callbackURL=/reset-password`);
    const requests = logs.lines().filter((line) => line.msg === "request");
    expect(requests.map((line) => line.path)).toEqual([
      "/api/invites/[redacted]",
      "/api/invites/[redacted]/accept",
      "/api/shared/[redacted]",
      "/api/shared/[redacted]/calendar.ics",
      "/api/auth/reset-password/[redacted]",
    ]);
    expect(logs.lines().filter((line) => JSON.stringify(line).includes(TOKEN))).toEqual([]);
  });
});
