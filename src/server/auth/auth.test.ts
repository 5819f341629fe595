import { createEmailVerificationToken } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstLink } from "#tests/fakes/smtp-catcher.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import { createTestApp, TEST_ORIGIN, TEST_SECRET } from "#tests/support/test-app.ts";
import { user as userTable, verification } from "../db/auth-schema.ts";

let t: MailTestApp;
beforeAll(async () => {
  // Every request from app.request() comes from one address; the limit has its own tests below.
  t = await createMailTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const freshEmail = () => `acct${Date.now()}-${++counter}@example.com`;
const PASSWORD = "correct horse battery";

type ErrorBody = { code?: string; message?: string };
const sessionOf = async (client: TestClient) =>
  (await (await client.get("/api/auth/get-session")).json()) as {
    user: { id: string; email: string; emailVerified: boolean };
  } | null;

/** Follows a mailed link the way a mail client opens it: a fresh browser, no cookie, no Origin. */
async function openLink(link: string, client = createClient(t)) {
  const url = new URL(link);
  expect(url.origin).toBe(TEST_ORIGIN);
  const res = await client.request("GET", `${url.pathname}${url.search}`, {
    headers: { Origin: "" },
  });
  return { res, client, location: new URL(res.headers.get("location") ?? "/", TEST_ORIGIN) };
}

describe("sign-up", () => {
  it("creates the account, signs in with an HttpOnly Lax cookie and mails a verification link", async () => {
    const email = freshEmail();
    const client = createClient(t);
    const res = await client.post("/api/auth/sign-up/email", {
      email,
      password: PASSWORD,
      name: "",
      callbackURL: "/verify-email",
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect((await sessionOf(client))?.user).toMatchObject({ email, emailVerified: false });

    const mail = await t.smtp.waitForMessage(email);
    expect(mail.subject).toContain("Boundless");
    expect(mail.text).toContain("Boundless");
    expect(mail.html).toContain("Boundless");
    expect(mail.html).toContain("<a href=");
    expect(mail.from).toContain("Boundless");
    expect(firstLink(mail)).toMatch(
      /\/api\/auth\/verify-email\?token=.+&callbackURL=%2Fverify-email/,
    );
    expect(mail.text).not.toContain(PASSWORD);
  });

  it("refuses an address that has an account, in any letter case, without a session or a mail", async () => {
    const { email } = await signUpUser(t, { email: freshEmail() });
    await t.smtp.waitForMessage(email);
    const client = createClient(t);
    const res = await client.post("/api/auth/sign-up/email", {
      email: email.toUpperCase(),
      password: "another password 123",
      name: "",
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.code).toBe("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL");
    expect(client.cookies.size).toBe(0);
    await expect(t.smtp.waitForMessage(email, { timeoutMs: 300 })).rejects.toThrow();
  });

  it("holds passwords to 8–128 characters", async () => {
    const short = await createClient(t).post("/api/auth/sign-up/email", {
      email: freshEmail(),
      password: "1234567",
      name: "",
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as ErrorBody).code).toBe("PASSWORD_TOO_SHORT");
    const long = await createClient(t).post("/api/auth/sign-up/email", {
      email: freshEmail(),
      password: "x".repeat(129),
      name: "",
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as ErrorBody).code).toBe("PASSWORD_TOO_LONG");
    const longest = await createClient(t).post("/api/auth/sign-up/email", {
      email: freshEmail(),
      password: "x".repeat(128),
      name: "",
    });
    expect(longest.status).toBe(200);
  });
});

describe("sign-in", () => {
  it("signs in with the right password", async () => {
    const { email, password } = await signUpUser(t, { email: freshEmail() });
    const client = createClient(t);
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    expect((await sessionOf(client))?.user.email).toBe(email);
  });

  it("answers a wrong password exactly like an unknown address", async () => {
    const { email } = await signUpUser(t, { email: freshEmail() });
    const wrong = await createClient(t).post("/api/auth/sign-in/email", {
      email,
      password: "not the password",
    });
    const unknown = await createClient(t).post("/api/auth/sign-in/email", {
      email: freshEmail(),
      password: "not the password",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });
});

describe("e-mail verification", () => {
  it("verifies the address through the caught link and signs the browser that signed up in", async () => {
    const { email, client } = await signUpUser(t, { email: freshEmail() });
    const link = firstLink(await t.smtp.waitForMessage(email));
    // Signed out since: the link signs this browser in again, as it signed up here.
    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect(await sessionOf(client)).toBeNull();
    const { res, location } = await openLink(link, client);
    expect(res.status).toBe(302);
    expect(location.pathname).toBe("/");
    expect(location.searchParams.get("error")).toBeNull();
    expect((await sessionOf(client))?.user).toMatchObject({ email, emailVerified: true });
  });

  it("resends to the signed-in user only", async () => {
    const { email, client } = await signUpUser(t, { email: freshEmail() });
    await t.smtp.waitForMessage(email);

    const res = await client.post("/api/auth/send-verification-email", {
      email,
      callbackURL: "/verify-email",
    });
    expect(res.status).toBe(200);
    const again = await t.smtp.waitForMessage(email);
    expect(firstLink(again)).toContain("callbackURL=%2Fverify-email");
    const { location } = await openLink(firstLink(again), client);
    expect(location.pathname).toBe("/verify-email");

    const anonymous = await createClient(t).post("/api/auth/send-verification-email", { email });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as ErrorBody).message).toBe("No user session found");

    const other = await client.post("/api/auth/send-verification-email", { email: freshEmail() });
    expect(other.status).toBe(400);

    const verified = await client.post("/api/auth/send-verification-email", { email });
    expect(verified.status).toBe(400);
    expect(((await verified.json()) as ErrorBody).code).toBe("EMAIL_ALREADY_VERIFIED");
  });

  it("rejects an expired or forged verification link", async () => {
    const { email, userId } = await signUpUser(t, { email: freshEmail() });
    await t.smtp.waitForMessage(email);
    const expired = await createEmailVerificationToken(TEST_SECRET, email, undefined, -60, {
      userId,
    });
    const { location } = await openLink(
      `${TEST_ORIGIN}/api/auth/verify-email?token=${expired}&callbackURL=%2Fverify-email`,
    );
    expect(location.pathname).toBe("/verify-email");
    expect(location.searchParams.get("error")).toBe("TOKEN_EXPIRED");

    const forged = await createEmailVerificationToken("another-secret-another-secret-0123", email);
    const second = await openLink(
      `${TEST_ORIGIN}/api/auth/verify-email?token=${forged}&callbackURL=%2Fverify-email`,
    );
    expect(second.location.searchParams.get("error")).toBe("INVALID_TOKEN");
    const [row] = await t.deps.database.db
      .select({ verified: userTable.emailVerified })
      .from(userTable)
      .where(eq(userTable.id, userId));
    expect(row?.verified).toBe(false);
  });
});

describe("password reset", () => {
  const requestReset = (email: string) =>
    createClient(t).post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/update-password",
    });

  it("answers the same whether or not the address has an account", async () => {
    const { email } = await signUpUser(t, { email: freshEmail() });
    const known = await requestReset(email);
    const unknownAddress = freshEmail();
    const unknown = await requestReset(unknownAddress);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    await expect(t.smtp.waitForMessage(unknownAddress, { timeoutMs: 300 })).rejects.toThrow();
  });

  it("resets through the caught link once, signs in, and revokes every older session", async () => {
    const { email, password, client: oldSession } = await signUpUser(t, { email: freshEmail() });
    await t.smtp.waitForMessage(email);
    expect((await requestReset(email)).status).toBe(200);
    const mail = await t.smtp.waitForMessage(email);
    expect(mail.subject).toContain("reset");

    const { res, location } = await openLink(firstLink(mail));
    expect(res.status).toBe(302);
    expect(location.pathname).toBe("/update-password");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();

    const browser = createClient(t);
    const newPassword = "a brand new passphrase";
    const done = await browser.post("/api/auth/reset-password", { token, newPassword });
    expect(done.status).toBe(200);
    expect((await sessionOf(browser))?.user.email).toBe(email);
    expect(await sessionOf(oldSession)).toBeNull();

    const reused = await createClient(t).post("/api/auth/reset-password", {
      token,
      newPassword: "yet another passphrase",
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as ErrorBody).code).toBe("INVALID_TOKEN");
    expect((await openLink(firstLink(mail))).location.searchParams.get("error")).toBe(
      "INVALID_TOKEN",
    );

    const oldLogin = await createClient(t).post("/api/auth/sign-in/email", { email, password });
    expect(oldLogin.status).toBe(401);
    const newLogin = await createClient(t).post("/api/auth/sign-in/email", {
      email,
      password: newPassword,
    });
    expect(newLogin.status).toBe(200);
  });

  it("rejects a link after its hour is over", async () => {
    const { email, password } = await signUpUser(t, { email: freshEmail() });
    await t.smtp.waitForMessage(email);
    await requestReset(email);
    const link = firstLink(await t.smtp.waitForMessage(email));
    const token = new URL(link).pathname.split("/").pop() ?? "";

    const [row] = await t.deps.database.db
      .select({ expiresAt: verification.expiresAt, createdAt: verification.createdAt })
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(row).toBeDefined();
    // The link lives one hour (give the clock a few seconds of slack).
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - 3600_000)).toBeLessThan(5_000);

    // Move the row's expiry into the past: what the clock would do after an hour.
    await t.deps.database.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect((await openLink(link)).location.searchParams.get("error")).toBe("INVALID_TOKEN");
    const res = await createClient(t).post("/api/auth/reset-password", {
      token,
      newPassword: "too late for this",
    });
    expect(res.status).toBe(400);
    expect(
      (await createClient(t).post("/api/auth/sign-in/email", { email, password })).status,
    ).toBe(200);
  });
});

describe("sessions", () => {
  it("uses Secure, __Secure- prefixed cookies in production", async () => {
    const origin = "https://boundless.example";
    const prod = await createTestApp({ NODE_ENV: "production", APP_ORIGIN: origin });
    try {
      const res = await createClient(prod).request("POST", "/api/auth/sign-up/email", {
        json: { email: freshEmail(), password: PASSWORD, name: "" },
        headers: { Origin: origin },
      });
      expect(res.status).toBe(200);
      const cookie = res.headers
        .getSetCookie()
        .find((c) => c.startsWith("__Secure-better-auth.session_token="));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await prod.close();
    }
  });

  it("sign-out invalidates the session on the server, not only the cookie", async () => {
    const { client } = await signUpUser(t, { email: freshEmail() });
    const stolen = new Map(client.cookies);
    const res = await client.post("/api/auth/sign-out");
    expect(res.status).toBe(200);
    expect(await sessionOf(client)).toBeNull();

    // Replaying the old cookie must not work either.
    const replay = createClient(t);
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect(await sessionOf(replay)).toBeNull();
    const api = await replay.get("/api/trips/00000000-0000-4000-8000-000000000000");
    expect(api.status).toBe(401);
  });

  it("refuses cross-origin state-changing requests", async () => {
    const { client, email, password } = await signUpUser(t, { email: freshEmail() });
    const evil = { Origin: "https://evil.example" };

    const signOut = await client.request("POST", "/api/auth/sign-out", { headers: evil });
    expect(signOut.status).toBe(403);
    expect(await sessionOf(client)).not.toBeNull();

    const noOrigin = await client.request("POST", "/api/auth/sign-out", {
      headers: { Origin: "" },
    });
    expect(noOrigin.status).toBe(403);

    const signIn = await createClient(t).request("POST", "/api/auth/sign-in/email", {
      json: { email, password },
      headers: evil,
    });
    expect(signIn.status).toBe(403);
    const signUp = await createClient(t).request("POST", "/api/auth/sign-up/email", {
      json: { email: freshEmail(), password, name: "" },
      headers: evil,
    });
    expect(signUp.status).toBe(403);
    const reset = await createClient(t).post("/api/auth/request-password-reset", {
      email,
      redirectTo: "https://evil.example/steal",
    });
    expect(reset.status).toBe(403);
  });
});
