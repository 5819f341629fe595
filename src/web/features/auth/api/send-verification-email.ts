import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { VERIFY_EMAIL_PATH } from "../auth-paths.ts";
import { AuthRequestError } from "../auth-errors.ts";
import { authRequest } from "./auth-request.ts";

export const sendVerificationEmail = async (email: string | null | undefined) => {
  if (!email) throw new AuthRequestError(MESSAGES.noEmailInSession, 0, "NO_EMAIL");
  await authRequest(
    "/send-verification-email",
    { email, callbackURL: VERIFY_EMAIL_PATH },
    MESSAGES.sendVerificationFailed,
  );
};

export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
