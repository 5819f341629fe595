import { MESSAGES } from "#shared/messages.ts";

/** What an auth call failed with, in words a person can act on. */
export class AuthRequestError extends Error {
  override name = "AuthRequestError";
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export const AUTH_MESSAGES = {
  emailTaken:
    "An account with this e-mail already exists. Log in, or reset your password if you forgot it.",
  invalidCredentials: "Invalid email or password",
  resetLinkInvalid: "This reset link is invalid or has expired. Please request a new one.",
  verifyLinkExpired: "This verification link has expired. Send a new one below.",
  verifyLinkInvalid: "This verification link is not valid. Send a new one below.",
  crossOrigin: "This request was refused because it did not come from this site.",
  oauthFailed: "Signing in with that provider did not work. Please try again.",
} as const;

// `?error=` on /login after a Google or GitHub return (Better Auth's callback codes, or the provider's).
// A Map, not an object: `?error=__proto__` or `?error=constructor` must not find inherited keys.
const OAUTH_ERRORS = new Map<string, string>([
  [
    "account_not_linked",
    "This e-mail already has an account. Log in with your password and verify your e-mail first; then you can use this provider too.",
  ],
  [
    "email_not_found",
    "The provider did not share an e-mail address with us, so we cannot sign you in.",
  ],
  ["access_denied", "Sign-in was cancelled at the provider."],
]);

export function oauthErrorMessage(code: string): string {
  return OAUTH_ERRORS.get(code) ?? AUTH_MESSAGES.oauthFailed;
}

export function rateLimitMessage(retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds) return MESSAGES.rateLimited;
  const wait =
    retryAfterSeconds === 1 ? "1 second" : `${Math.max(1, Math.round(retryAfterSeconds))} seconds`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

// Better Auth's error codes that deserve a message of their own; anything else uses the caller's fallback.
const BY_CODE = new Map<string, string>([
  ["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", AUTH_MESSAGES.emailTaken],
  ["USER_ALREADY_EXISTS", AUTH_MESSAGES.emailTaken],
  ["INVALID_EMAIL_OR_PASSWORD", AUTH_MESSAGES.invalidCredentials],
  ["INVALID_TOKEN", AUTH_MESSAGES.resetLinkInvalid],
  ["INVALID_ORIGIN", AUTH_MESSAGES.crossOrigin],
  ["MISSING_OR_NULL_ORIGIN", AUTH_MESSAGES.crossOrigin],
]);

/** Turns a failed /api/auth response into an AuthRequestError with the message to show. */
export async function toAuthError(response: Response, fallback: string): Promise<AuthRequestError> {
  const body: unknown = await response.json().catch(() => null);
  const code =
    typeof body === "object" && body !== null && "code" in body && typeof body.code === "string"
      ? body.code
      : "";
  const serverMessage =
    typeof body === "object" &&
    body !== null &&
    "message" in body &&
    typeof body.message === "string"
      ? body.message
      : "";
  // Our own refusal of the page's address ({ error: { code: "origin_refused", message } }) says
  // where to open the site; the form shows it as it is.
  const appError = typeof body === "object" && body !== null && "error" in body ? body.error : null;
  if (
    typeof appError === "object" &&
    appError !== null &&
    "code" in appError &&
    appError.code === "origin_refused" &&
    "message" in appError &&
    typeof appError.message === "string"
  )
    return new AuthRequestError(appError.message, response.status, "ORIGIN_REFUSED");
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get("Retry-After")) || undefined;
    return new AuthRequestError(rateLimitMessage(retryAfter), 429, "RATE_LIMITED");
  }
  if (response.status === 401 && serverMessage === MESSAGES.noUserSession)
    return new AuthRequestError(MESSAGES.noUserSession, 401, code);
  if (code.startsWith("PASSWORD_TOO_") && serverMessage)
    return new AuthRequestError(serverMessage, response.status, code);
  if ((code === "INVALID_NAME" || code === "INVALID_IMAGE") && serverMessage)
    return new AuthRequestError(serverMessage, response.status, code);
  return new AuthRequestError(BY_CODE.get(code) ?? fallback, response.status, code);
}
