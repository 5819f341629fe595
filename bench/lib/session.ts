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
  return { userId: body.user.id, cookie, email, password: "bench-password-123" };
}

/**
 * Opens the verification link the dev outbox holds for `email` (imports need a verified address):
 * the bench's servers run without SMTP, so their mail waits in the outbox.
 */
export async function verifyThroughOutbox(baseUrl: string, email: string) {
  const response = await fetch(`${baseUrl}/api/dev/outbox`);
  if (!response.ok) throw new Error(`dev outbox ${response.status}: is SMTP_URL set?`);
  const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
  const mail = messages.findLast((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S*verify-email\S*/)?.[0];
  if (!link) throw new Error(`no verification link for ${email} in the dev outbox`);
  const verified = await fetch(link.replace(/^https?:\/\/[^/]+/, baseUrl), { redirect: "manual" });
  if (verified.status >= 400) throw new Error(`verification ${verified.status}`);
}
