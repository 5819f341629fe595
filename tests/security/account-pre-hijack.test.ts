import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLink } from "#tests/fakes/smtp-catcher.ts";
import { createClient, type TestClient } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import { freshEmail, openLink, sessionOf, signUpFromWebApp } from "./support/auth-flows.ts";

// Mallory signs up with the victim's address and a password of her choice, and keeps that session.
// When the victim verifies the address from the mail, in a browser that did not sign up, the account
// becomes the victim's: Mallory's session and password end, and the victim sets a new password.

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = "the victim's own passphrase";

const signIn = (client: TestClient, email: string, password: string) =>
  client.post("/api/auth/sign-in/email", { email, password });

describe("account pre-hijack", () => {
  it("the victim's verification ends the attacker's session and password; the victim sets a new one", async () => {
    const victimEmail = freshEmail("victim");
    const mallory = await signUpFromWebApp(t, victimEmail);
    expect((await sessionOf(mallory.client))?.user.id).toBe(mallory.userId);
    const link = firstLink(await t.smtp.waitForMessage(victimEmail));

    const { res, client: victim, location } = await openLink(t, link);
    expect(res.status).toBe(302);
    expect(await sessionOf(victim)).toBeNull();
    expect(location.pathname).toBe("/verify-email");
    expect(location.searchParams.get("verified")).toBe("signed-out");
    const token = location.searchParams.get("token");
    expect(token).toMatch(/^[\w-]{24,}$/);

    // Mallory's session is dead, and so is the password she chose.
    expect(await sessionOf(mallory.client)).toBeNull();
    expect((await signIn(createClient(t), victimEmail, mallory.password)).status).toBe(401);
    expect((await mallory.client.post("/api/auth/update-user", { name: "Mallory" })).status).toBe(
      401,
    );

    // The set-password step: the reset flow, which signs the victim in.
    const set = await victim.post("/api/auth/reset-password", {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(set.status).toBe(200);
    expect((await sessionOf(victim))?.user).toMatchObject({
      email: victimEmail,
      emailVerified: true,
    });
    expect((await signIn(createClient(t), victimEmail, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(createClient(t), victimEmail, mallory.password)).status).toBe(401);

    // The token is one-time, and Mallory's old link cannot sign anyone in again.
    const again = await createClient(t).post("/api/auth/reset-password", {
      token,
      newPassword: "mallory tries the token",
    });
    expect(again.status).toBe(400);
    const reopened = await openLink(t, link, mallory.client);
    expect(await sessionOf(reopened.client)).toBeNull();
  });

  it("a victim's browser signed in as another account ends the attacker's session and stays itself", async () => {
    const victimEmail = freshEmail("victim-other");
    const mallory = await signUpFromWebApp(t, victimEmail);
    const link = firstLink(await t.smtp.waitForMessage(victimEmail));
    const otherAccount = await signUpFromWebApp(t, freshEmail("victim-work"));
    await t.smtp.waitForMessage(otherAccount.email);

    const { location } = await openLink(t, link, otherAccount.client);
    expect(location.searchParams.get("verified")).toBe("other");
    expect(location.searchParams.get("token")).toMatch(/^[\w-]{24,}$/);
    expect((await sessionOf(otherAccount.client))?.user.id).toBe(otherAccount.userId);
    expect(await sessionOf(mallory.client)).toBeNull();
    expect((await signIn(createClient(t), victimEmail, mallory.password)).status).toBe(401);
  });

  it("verification from the browser that signed up keeps its session and password", async () => {
    const owner = await signUpFromWebApp(t, freshEmail("owner"));
    const link = firstLink(await t.smtp.waitForMessage(owner.email));
    const { location } = await openLink(t, link, owner.client);
    expect(location.searchParams.get("verified")).toBe("self");
    expect(location.searchParams.get("token")).toBeNull();
    expect((await sessionOf(owner.client))?.user).toMatchObject({ emailVerified: true });
    expect((await signIn(createClient(t), owner.email, owner.password)).status).toBe(200);
  });
});
