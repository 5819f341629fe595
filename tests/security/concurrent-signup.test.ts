import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user as userTable } from "#server/db/auth-schema.ts";
import { createClient } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import { freshEmail } from "./support/auth-flows.ts";
import { captureLogs, LEVEL } from "./support/log-capture.ts";

// Parallel sign-ups with one address lost the race on the unique index, logged
// "Failed to create user" at error level with the address and answered FAILED_TO_CREATE_USER.

const logs = captureLogs();
let t: MailTestApp;
beforeAll(async () => {
  // Mail over SMTP, as in production (the dev outbox prints mail, addresses and links, by design).
  t = await createMailTestApp({ LOG_LEVEL: "debug" }, {}, { logTo: logs.stream });
});
afterAll(async () => {
  await t.close();
});

const PARALLEL = 8;

describe("concurrent sign-ups with one address", () => {
  it("answer as for an existing address and log nothing at error level", async () => {
    // A few rounds: the race is won differently each time, on PGlite and on PostgreSQL.
    let losers = 0;
    for (let round = 0; round < 3; round++) {
      const email = freshEmail("race");
      logs.clear();
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          createClient(t).post("/api/auth/sign-up/email", {
            email: i % 2 === 0 ? email : email.toUpperCase(),
            password: "correct horse battery",
            name: "",
          }),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      for (const res of answers.filter((r) => r.status !== 200)) {
        expect(res.status).toBe(422);
        expect(((await res.json()) as { code?: string }).code).toBe(
          "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
        );
        losers++;
      }
      const rows = await t.deps.database.db
        .select({ id: userTable.id })
        .from(userTable)
        .where(eq(userTable.email, email));
      expect(rows).toHaveLength(1);
      await t.smtp.waitForMessage(email); // the winner's verification mail went out

      expect(logs.atOrAbove(LEVEL.error)).toEqual([]);
      // No line at info or above names the address.
      const leaks = logs.atOrAbove(LEVEL.info).filter((line) => line.toLowerCase().includes(email));
      expect(leaks).toEqual([]);
    }
    expect(losers).toBe(3 * (PARALLEL - 1));
    // 24 password hashes (scrypt) in bursts: on a loaded machine this takes longer than the default.
  }, 120_000);
});
