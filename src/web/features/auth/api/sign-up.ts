import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import type { SignupInput } from "#shared/schemas/auth.ts";
import { verifyEmailPath } from "../auth-paths.ts";
import { authRequest } from "./auth-request.ts";

// Better Auth's `name` is the profile's full name until the profile is first saved.
// The verification link brings the visitor back to /verify-email, which then says the address is verified.
export const signUp = (input: SignupInput, returnTo?: string) =>
  authRequest(
    "/sign-up/email",
    { ...input, callbackURL: verifyEmailPath(returnTo) },
    MESSAGES.signupFailed,
  );

export const useSignUp = (returnTo?: string) =>
  useMutation({ mutationFn: (input: SignupInput) => signUp(input, returnTo) });
