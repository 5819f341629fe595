import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import { freshEmail } from "./support/auth-flows.ts";
import { captureLogs, LEVEL } from "./support/log-capture.ts";

// Auth paths: Better Auth logged its refusals of a bad callbackURL at error
// level with the attacker's text. Client-caused refusals are debug; no line at info or above carries
// an e-mail address or user-entered text.

const logs = captureLogs();
let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp({ LOG_LEVEL: "debug" }, {}, { logTo: logs.stream });
});
afterAll(async () => {
  await t.close();
});

const MARK = "attacker-text-7f3a";

describe("auth refusals in the log", () => {
  it("a refused callbackURL is logged at debug, never with the attacker's text above it", async () => {
    const { email, password } = await signUpUser(t, { email: freshEmail("cb") });
    await t.smtp.waitForMessage(email);
    logs.clear();
    const attempts = [
      createClient(t).post("/api/auth/sign-in/email", {
        email,
        password,
        callbackURL: `https://evil.example/${MARK}`,
      }),
      createClient(t).post("/api/auth/request-password-reset", {
        email,
        redirectTo: `https://evil.example/${MARK}`,
      }),
      createClient(t).post("/api/auth/sign-in/social", {
        provider: "github",
        callbackURL: `https://${MARK}.evil.example/`,
      }),
      createClient(t).get(
        `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(`https://evil.example/${MARK}`)}`,
      ),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBeGreaterThanOrEqual(400);

    // The refusals are there, at debug, so an operator can still turn them on.
    expect(
      logs.lines().some((l) => l.level === LEVEL.debug && JSON.stringify(l).includes(MARK)),
    ).toBe(true);
    const above = logs.atOrAbove(LEVEL.info);
    expect(above.filter((line) => line.includes(MARK))).toEqual([]);
    expect(above.filter((line) => line.includes(email))).toEqual([]);
    expect(logs.atOrAbove(LEVEL.warn)).toEqual([]);
  });

  it("sign-up for a taken address, wrong passwords and bad tokens log no address at info or above", async () => {
    const { email } = await signUpUser(t, { email: freshEmail("taken") });
    await t.smtp.waitForMessage(email);
    logs.clear();
    const taken = await createClient(t).post("/api/auth/sign-up/email", {
      email,
      password: "another password 123",
      name: MARK,
    });
    expect(taken.status).toBe(422);
    const wrong = await createClient(t).post("/api/auth/sign-in/email", {
      email,
      password: `${MARK}-wrong`,
    });
    expect(wrong.status).toBe(401);
    const badReset = await createClient(t).post("/api/auth/reset-password", {
      token: MARK,
      newPassword: "whatever passphrase",
    });
    expect(badReset.status).toBe(400);
    const tooLong = await createClient(t).post("/api/auth/sign-up/email", {
      email: freshEmail(MARK),
      password: "correct horse battery",
      name: `${MARK}${"x".repeat(200)}`,
    });
    expect(tooLong.status).toBe(422);

    const above = logs.atOrAbove(LEVEL.info);
    expect(above.filter((line) => line.includes(MARK) || line.includes(email))).toEqual([]);
    expect(logs.atOrAbove(LEVEL.warn)).toEqual([]);
  });
});
