import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES, oauthErrorMessage, rateLimitMessage, toAuthError } from "./auth-errors.ts";

const response = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

describe("auth errors", () => {
  it("shows the server's refused-origin message, which says where to open the site", async () => {
    const message =
      "This page was opened at http://127.0.0.1:3000 but the site's address is http://localhost:3000. Open it there.";
    const error = await toAuthError(
      response(403, { error: { code: "origin_refused", message } }),
      "Signup failed",
    );
    expect(error.message).toBe(message);
  });

  it("says a rate limit in words, with the wait from Retry-After", async () => {
    const error = await toAuthError(
      response(429, { message: "Too many requests." }, { "Retry-After": "42" }),
      "Login failed",
    );
    expect(error.message).toBe("Too many attempts. Please wait 42 seconds and try again.");
    expect(rateLimitMessage(1)).toBe("Too many attempts. Please wait 1 second and try again.");
    expect(rateLimitMessage(undefined)).toBe(
      "Too many requests. Please wait a moment and try again.",
    );
  });

  it("maps the codes a person can act on and falls back to the spec's message otherwise", async () => {
    expect(
      (
        await toAuthError(
          response(422, { code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" }),
          "Signup failed",
        )
      ).message,
    ).toBe(AUTH_MESSAGES.emailTaken);
    expect(
      (await toAuthError(response(401, { code: "INVALID_EMAIL_OR_PASSWORD" }), "Login failed"))
        .message,
    ).toBe("Invalid email or password");
    expect((await toAuthError(response(500, { code: "WHATEVER" }), "Login failed")).message).toBe(
      "Login failed",
    );
    expect(
      (await toAuthError(new Response("<html>", { status: 502 }), "Failed to send reset email"))
        .message,
    ).toBe("Failed to send reset email");
    expect(
      (
        await toAuthError(
          response(401, { message: "No user session found" }),
          "Failed to send verification email",
        )
      ).message,
    ).toBe("No user session found");
  });

  it("explains an OAuth return error", () => {
    expect(oauthErrorMessage("account_not_linked")).toMatch(/already has an account/);
    expect(oauthErrorMessage("something_else")).toBe(AUTH_MESSAGES.oauthFailed);
  });

  it("finds no message under inherited keys (?error=__proto__ crashed the login page)", async () => {
    for (const code of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(oauthErrorMessage(code)).toBe(AUTH_MESSAGES.oauthFailed);
      expect((await toAuthError(response(400, { code }), "Login failed")).message).toBe(
        "Login failed",
      );
    }
  });
});
