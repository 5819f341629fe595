import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import { freshEmail, resetTokenFor, sessionOf } from "./support/auth-flows.ts";

// Two resets requested (A, then B); B is used; A must not set another password,
// end the owner's session and sign its holder in.

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { code?: string };

describe("reset link reuse", () => {
  it("an older reset link stops working after a newer one was used", async () => {
    const { email } = await signUpUser(t, { email: freshEmail("reset") });
    await t.smtp.waitForMessage(email); // the verification mail
    const older = await resetTokenFor(t, t.smtp, email);
    const newer = await resetTokenFor(t, t.smtp, email);
    expect(older).not.toBe(newer);

    const owner = createClient(t);
    const used = await owner.post("/api/auth/reset-password", {
      token: newer,
      newPassword: "the owner's new passphrase",
    });
    expect(used.status).toBe(200);
    expect((await sessionOf(owner))?.user.email).toBe(email);

    const attacker = createClient(t);
    const replay = await attacker.post("/api/auth/reset-password", {
      token: older,
      newPassword: "the attacker's passphrase",
    });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as ErrorBody).code).toBe("INVALID_TOKEN");
    expect(await sessionOf(attacker)).toBeNull();
    // The owner is still signed in and their password is the one they chose.
    expect((await sessionOf(owner))?.user.email).toBe(email);
    const attackerLogin = await createClient(t).post("/api/auth/sign-in/email", {
      email,
      password: "the attacker's passphrase",
    });
    expect(attackerLogin.status).toBe(401);
    const ownerLogin = await createClient(t).post("/api/auth/sign-in/email", {
      email,
      password: "the owner's new passphrase",
    });
    expect(ownerLogin.status).toBe(200);
  });

  it("a reset link requested before a password change stops working after it", async () => {
    const { email, password, client } = await signUpUser(t, { email: freshEmail("change") });
    await t.smtp.waitForMessage(email);
    const pending = await resetTokenFor(t, t.smtp, email);

    const changed = await client.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: "changed while signed in",
    });
    expect(changed.status).toBe(200);

    const replay = await createClient(t).post("/api/auth/reset-password", {
      token: pending,
      newPassword: "the attacker's passphrase",
    });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as ErrorBody).code).toBe("INVALID_TOKEN");
    expect((await sessionOf(client))?.user.email).toBe(email);
  });

  it("another user's reset links are untouched by someone else's reset", async () => {
    const alice = await signUpUser(t, { email: freshEmail("alice") });
    const bob = await signUpUser(t, { email: freshEmail("bob") });
    await t.smtp.waitForMessage(alice.email);
    await t.smtp.waitForMessage(bob.email);
    const bobsToken = await resetTokenFor(t, t.smtp, bob.email);
    const alicesToken = await resetTokenFor(t, t.smtp, alice.email);
    const aliceReset = await createClient(t).post("/api/auth/reset-password", {
      token: alicesToken,
      newPassword: "alice's new passphrase",
    });
    expect(aliceReset.status).toBe(200);
    const bobReset = await createClient(t).post("/api/auth/reset-password", {
      token: bobsToken,
      newPassword: "bob's new passphrase",
    });
    expect(bobReset.status).toBe(200);
  });
});
