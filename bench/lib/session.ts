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
 * Opens the verification link the dev outbox holds for `email` (imports need a verified address):
 * the bench's servers run without SMTP, so their mail waits in the outbox.
 */
export async function verifyThroughOutbox(baseUrl: string, email: string, browserCookies = "") {
  const response = await fetch(`${baseUrl}/api/dev/outbox`);
  if (!response.ok) throw new Error(`dev outbox ${response.status}: is SMTP_URL set?`);
  const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
  const mail = messages.findLast((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S*verify-email\S*/)?.[0];
  if (!link) throw new Error(`no verification link for ${email} in the dev outbox`);
  // Opened by the browser that signed up (its pending cookie), or every session of the account ends
  // and its password is replaced (the account pre-hijack defence).
  const verified = await fetch(link.replace(/^https?:\/\/[^/]+/, baseUrl), {
    redirect: "manual",
    headers: browserCookies ? { cookie: browserCookies } : {},
  });
  if (verified.status >= 400) throw new Error(`verification ${verified.status}`);
}
