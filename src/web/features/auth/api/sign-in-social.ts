import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { authRequest } from "./auth-request.ts";

export type SocialProvider = "google" | "github";

/**
 * Asks Better Auth for the provider's authorize URL (it stores the state and PKCE verifier) and
 * leaves for it. The provider returns to /api/auth/callback/<provider>, which redirects to `returnTo`.
 */
export const signInSocial = async (input: { provider: SocialProvider; returnTo: string }) => {
  const body = await authRequest(
    "/sign-in/social",
    {
      provider: input.provider,
      callbackURL: input.returnTo,
      errorCallbackURL: "/login",
      disableRedirect: true,
    },
    MESSAGES.loginFailed,
  );
  const url =
    typeof body === "object" && body !== null && "url" in body && typeof body.url === "string"
      ? body.url
      : null;
  if (!url) throw new Error(MESSAGES.loginFailed);
  window.location.assign(url);
};

export const useSignInSocial = () => useMutation({ mutationFn: signInSocial });
