import { expect } from "vitest";
import { firstLink, type SmtpCatcher } from "#tests/fakes/smtp-catcher.ts";
import { createClient, type TestClient } from "#tests/support/http.ts";
import { TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

let counter = 0;
export const freshEmail = (label = "sec") => `${label}${Date.now()}-${++counter}@example.com`;

export type SessionBody = {
  user: { id: string; email: string; name: string; image: string | null; emailVerified: boolean };
} | null;

export async function sessionOf(client: TestClient): Promise<SessionBody> {
  return (await (await client.get("/api/auth/get-session")).json()) as SessionBody;
}

/** Opens a mailed link as a browser does: a top-level GET with that browser's cookies, no Origin. */
export async function openLink(t: Pick<TestApp, "app">, link: string, client = createClient(t)) {
  const url = new URL(link);
  expect(url.origin).toBe(TEST_ORIGIN);
  const res = await client.request("GET", `${url.pathname}${url.search}`, {
    headers: { Origin: "" },
  });
  return { res, client, location: new URL(res.headers.get("location") ?? "/", TEST_ORIGIN) };
}

/** Asks for a reset mail and returns the reset token from the caught link's redirect. */
export async function resetTokenFor(t: Pick<TestApp, "app">, smtp: SmtpCatcher, email: string) {
  const asked = await createClient(t).post("/api/auth/request-password-reset", {
    email,
    redirectTo: "/update-password",
  });
  expect(asked.status).toBe(200);
  const { location } = await openLink(t, firstLink(await smtp.waitForMessage(email)));
  const token = location.searchParams.get("token");
  expect(token).toBeTruthy();
  return token ?? "";
}

/** Signs up as the web app does (no name, back to /verify-email); the client holds the session. */
export async function signUpFromWebApp(t: Pick<TestApp, "app">, email = freshEmail()) {
  const client = createClient(t);
  const password = "correct horse battery";
  const res = await client.post("/api/auth/sign-up/email", {
    email,
    password,
    name: "",
    callbackURL: "/verify-email",
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { user: { id: string } };
  return { client, email, password, userId: body.user.id };
}
