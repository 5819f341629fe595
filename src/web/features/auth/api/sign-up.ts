import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import type { SignupInput } from "#shared/schemas/auth.ts";
import { VERIFY_EMAIL_PATH } from "../auth-paths.ts";
import { authRequest } from "./auth-request.ts";

// Better Auth's `name` is the profile's full name until the profile is first saved.
// The verification link brings the visitor back to /verify-email, which then says the address is verified.
export const signUp = (input: SignupInput) =>
  authRequest(
    "/sign-up/email",
    { ...input, callbackURL: VERIFY_EMAIL_PATH },
    MESSAGES.signupFailed,
  );

export const useSignUp = () => useMutation({ mutationFn: signUp });
