import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { createApp } from "../app.ts";
import { createAuth } from "./auth.ts";

// Two instances starting together on one database: each one's OAuth provider (issue 51) seeds the
// /mcp resource as its auth starts. The second insert of the same row used to fail the whole auth
// of that instance (every request 422 until a restart), since the provider could not recognise the
// duplicate through Drizzle's wrapped error (driver-messages.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const instance = () => {
  const auth = createAuth({
    env: t.env,
    db: t.deps.database.db,
    mailer: t.deps.mailer,
    logger: t.deps.logger,
  });
  return { app: createApp({ ...t.deps, auth }) };
};

describe("instances whose auth starts at the same moment", () => {
  it("all sign people up", async () => {
    const instances = [instance(), instance(), instance(), instance()];
    const answers = await Promise.all(
      instances.map((app, i) =>
        createClient(app).post("/api/auth/sign-up/email", {
          email: `together-${i}-${Date.now()}@example.com`,
          password: "long enough password",
          name: `Traveller ${i}`,
        }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
  });
});
