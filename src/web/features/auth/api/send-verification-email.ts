import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { verifyEmailPath } from "../auth-paths.ts";
import { AuthRequestError } from "../auth-errors.ts";
import { authRequest } from "./auth-request.ts";

export const sendVerificationEmail = async (
  email: string | null | undefined,
  returnTo?: string,
) => {
  if (!email) throw new AuthRequestError(MESSAGES.noEmailInSession, 0, "NO_EMAIL");
  await authRequest(
    "/send-verification-email",
    { email, callbackURL: verifyEmailPath(returnTo) },
    MESSAGES.sendVerificationFailed,
  );
};

export const useSendVerificationEmail = (returnTo?: string) =>
  useMutation({
    mutationFn: (email: string | null | undefined) => sendVerificationEmail(email, returnTo),
  });
