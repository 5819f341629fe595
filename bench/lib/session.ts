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
