import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user as userTable } from "#server/db/auth-schema.ts";
import { firstLink } from "#tests/fakes/smtp-catcher.ts";
import { createClient } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import { freshEmail, openLink, sessionOf, signUpFromWebApp } from "./support/auth-flows.ts";

// Eve signs up with her own address and sends her unused verification link to a victim: opening it
// must not sign the victim's browser in as Eve (what the victim then plans would land in her account).

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(async () => {
  await t.close();
});

const setsSession = (res: Response) =>
  res.headers.getSetCookie().some((cookie) => /session_token=[^;]/.test(cookie));

describe("login CSRF through an unused verification link", () => {
  it("a victim's browser that opens the attacker's link is verified for them but not signed in", async () => {
    const eve = await signUpFromWebApp(t, freshEmail("eve"));
    const evesLink = firstLink(await t.smtp.waitForMessage(eve.email));

    const { res, client: victim, location } = await openLink(t, evesLink);
    expect(res.status).toBe(302);
    expect(setsSession(res)).toBe(false);
    expect(await sessionOf(victim)).toBeNull();
    // The page then says "Your e-mail is verified. Log in to continue."
    expect(location.pathname).toBe("/verify-email");
    expect(location.searchParams.get("verified")).toBe("signed-out");

    const [row] = await t.deps.database.db
      .select({ verified: userTable.emailVerified })
      .from(userTable)
      .where(eq(userTable.id, eve.userId));
    expect(row?.verified).toBe(true);

    // What the victim plans next is refused, not stored in Eve's account.
    const planned = await victim.post("/api/trips", {
      destination: "Lisbon",
      startDate: "2027-05-01",
      endDate: "2027-05-03",
      budget: 900,
      travelStyle: "Relaxed",
      interests: ["Food"],
    });
    expect(planned.status).toBe(401);
  });

  it("the browser that signed up, signed out since, is still signed in by its own link", async () => {
    const owner = await signUpFromWebApp(t, freshEmail("owner"));
    const link = firstLink(await t.smtp.waitForMessage(owner.email));
    expect((await owner.client.post("/api/auth/sign-out")).status).toBe(200);
    expect(await sessionOf(owner.client)).toBeNull();

    const { res, location } = await openLink(t, link, owner.client);
    expect(setsSession(res)).toBe(true);
    expect(location.searchParams.get("verified")).toBe("self");
    expect(location.searchParams.get("token")).toBeNull();
    expect((await sessionOf(owner.client))?.user).toMatchObject({
      id: owner.userId,
      emailVerified: true,
    });
    // Its password still works: nobody took the account over.
    const login = await owner.client.post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(login.status).toBe(200);
  });

  it("a forged or another user's sign-up mark does not count as the browser that signed up", async () => {
    const eve = await signUpFromWebApp(t, freshEmail("eve-mark"));
    const evesLink = firstLink(await t.smtp.waitForMessage(eve.email));
    const mallory = await signUpFromWebApp(t, freshEmail("mallory"));
    await t.smtp.waitForMessage(mallory.email);
    const markName = [...mallory.client.cookies.keys()].find((name) =>
      name.endsWith("verification_pending"),
    );
    expect(markName).toBeDefined();
    // Mallory's browser, signed out, still carries Mallory's own mark: not Eve's.
    expect((await mallory.client.post("/api/auth/sign-out")).status).toBe(200);
    const { res } = await openLink(t, evesLink, mallory.client);
    expect(setsSession(res)).toBe(false);
    expect(await sessionOf(mallory.client)).toBeNull();

    // A mark naming another user's id without the server's signature.
    const eve2 = await signUpFromWebApp(t, freshEmail("eve-forged"));
    const eve2Link = firstLink(await t.smtp.waitForMessage(eve2.email));
    const forger = createClient(t);
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    forger.cookies.set(markName ?? "", `${expiry}.${"A".repeat(43)}`);
    const forged = await openLink(t, eve2Link, forger);
    expect(setsSession(forged.res)).toBe(false);
    expect(await sessionOf(forger)).toBeNull();
  });
});
