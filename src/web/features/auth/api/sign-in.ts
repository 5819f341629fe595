import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import type { LoginInput } from "#shared/schemas/auth.ts";
import { authRequest } from "./auth-request.ts";

export const signIn = (input: LoginInput) =>
  authRequest("/sign-in/email", input, MESSAGES.loginFailed);

export const useSignIn = () => useMutation({ mutationFn: signIn });
