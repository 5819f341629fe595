import { AuthRequestError, toAuthError } from "../auth-errors.ts";

/**
 * POSTs to Better Auth under /api/auth (same origin, cookies). Plain fetch rather than the Better
 * Auth client so the form can read the status and Retry-After of a refusal.
 */
export async function authRequest(path: string, body: unknown, fallback: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthRequestError(fallback, 0, "NETWORK");
  }
  if (!response.ok) throw await toAuthError(response, fallback);
  return response.json().catch(() => null);
}
