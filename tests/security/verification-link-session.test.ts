import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user as userTable } from "#server/db/auth-schema.ts";
import { firstLink } from "#tests/fakes/smtp-catcher.ts";
import { createClient } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import {
  freshEmail,
  openLink,
  resetTokenFor,
  sessionOf,
  signUpFromWebApp,
} from "./support/auth-flows.ts";

// A verification link (a top-level GET, valid 24 h) must never create a
// session that a password reset would have ended, and must never replace the session a browser has.

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(async () => {
  await t.close();
});

async function isVerified(userId: string) {
  const [row] = await t.deps.database.db
    .select({ verified: userTable.emailVerified })
    .from(userTable)
    .where(eq(userTable.id, userId));
  return row?.verified;
}

// JWT iat has whole seconds; the link and the reset must not fall into the same one.
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe("a verification link after a password reset", () => {
  it("verifies the address but signs nobody in when it was issued before the reset", async () => {
    const { email, userId, client: signUpBrowser } = await signUpFromWebApp(t, freshEmail("stale"));
    const verificationLink = firstLink(await t.smtp.waitForMessage(email));
    await nextSecond();

    // The owner resets the password: every other session ends, and must stay ended.
    const token = await resetTokenFor(t, t.smtp, email);
    const reset = await createClient(t).post("/api/auth/reset-password", {
      token,
      newPassword: "a fresh passphrase here",
    });
    expect(reset.status).toBe(200);

    // Even the browser that signed up (the only one a link may sign in) stays signed out.
    const { res, client, location } = await openLink(t, verificationLink, signUpBrowser);
    expect(res.status).toBe(302);
    expect(location.pathname).toBe("/verify-email");
    expect(location.searchParams.get("verified")).toBe("signed-out");
    // Only the stale session cookie is cleared (`session_token=;`); no new one is set.
    expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
    expect(await sessionOf(client)).toBeNull();
    expect(await isVerified(userId)).toBe(true);
  });

  it("still signs the browser that asked for it in when the link is newer than the last password change", async () => {
    const { email, password, client: owner } = await signUpFromWebApp(t, freshEmail("fresh"));
    await t.smtp.waitForMessage(email); // the sign-up link, not used
    const changed = await owner.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword: "changed before the resend",
    });
    expect(changed.status).toBe(200);
    await nextSecond();
    const resent = await owner.post("/api/auth/send-verification-email", {
      email,
      callbackURL: "/verify-email",
    });
    expect(resent.status).toBe(200);
    expect((await owner.post("/api/auth/sign-out")).status).toBe(200);

    const link = firstLink(await t.smtp.waitForMessage(email));
    const { location, client } = await openLink(t, link, owner);
    expect(location.searchParams.get("verified")).toBe("self");
    expect((await sessionOf(client))?.user).toMatchObject({ email, emailVerified: true });
  });
});

describe("login CSRF through a verification link", () => {
  it("a browser signed in as Bob that opens Eve's link verifies Eve and stays Bob", async () => {
    const bob = await signUpFromWebApp(t, freshEmail("bob"));
    await t.smtp.waitForMessage(bob.email);
    const eve = await signUpFromWebApp(t, freshEmail("eve"));
    const evesLink = firstLink(await t.smtp.waitForMessage(eve.email));

    const { res, location } = await openLink(t, evesLink, bob.client);
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
    expect(location.pathname).toBe("/verify-email");
    expect(location.searchParams.get("verified")).toBe("other");
    expect((await sessionOf(bob.client))?.user.id).toBe(bob.userId);
    expect(await isVerified(eve.userId)).toBe(true);
    expect(await isVerified(bob.userId)).toBe(false);

    // What Bob does next lands in Bob's account.
    const updated = await bob.client.post("/api/auth/update-user", { name: "Bob Again" });
    expect(updated.status).toBe(200);
    const [eveRow] = await t.deps.database.db
      .select({ name: userTable.name })
      .from(userTable)
      .where(eq(userTable.id, eve.userId));
    expect(eveRow?.name).toBe("");
  });

  it("the owner's own signed-in browser is told its address is verified", async () => {
    const eve = await signUpFromWebApp(t, freshEmail("own"));
    const link = firstLink(await t.smtp.waitForMessage(eve.email));
    const { location } = await openLink(t, link, eve.client);
    expect(location.searchParams.get("verified")).toBe("self");
    expect((await sessionOf(eve.client))?.user).toMatchObject({
      id: eve.userId,
      emailVerified: true,
    });
  });
});
