import { firstLink, type SmtpCatcher } from "#tests/fakes/smtp-catcher.ts";

/** Signs up through Better Auth over HTTP, like a browser; returns the session cookie and user id. */
export async function signUp(baseUrl: string, origin: string, email: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "bench-password-123", name: "Bench User" }),
  });
  if (!response.ok) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error("sign-up set no session cookie");
  // Every cookie, the verification-pending one too: this "browser" opening its own link.
  const browserCookies = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { userId: body.user.id, cookie, browserCookies, email, password: "bench-password-123" };
}

/** Signs in with a password over HTTP; returns the new session cookie. */
export async function signIn(baseUrl: string, origin: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie;
}

/**
 * Opens the verification link mailed to `email` (imports need a verified address) in the session
 * that signed up, as a person would: opened without it, the account would be handed to the mailbox
 * and its sessions ended. The server runs in production with SMTP on a loopback catcher, since
 * production has no dev outbox.
 */
export async function verifyThroughMail(
  smtp: SmtpCatcher,
  email: string,
  cookie: string,
): Promise<void> {
  const link = firstLink(await smtp.waitForMessage(email, { timeoutMs: 15_000 }));
  const verified = await fetch(link, { redirect: "manual", headers: { cookie } });
  await verified.arrayBuffer();
  if (verified.status >= 400) throw new Error(`verification ${verified.status}`);
}
