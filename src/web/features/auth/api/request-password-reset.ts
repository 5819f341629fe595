import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import type { ForgotPasswordInput } from "#shared/schemas/auth.ts";
import { UPDATE_PASSWORD_PATH } from "../auth-paths.ts";
import { authRequest } from "./auth-request.ts";

export const requestPasswordReset = async ({ email }: ForgotPasswordInput) => {
  await authRequest(
    "/request-password-reset",
    { email, redirectTo: UPDATE_PASSWORD_PATH },
    MESSAGES.sendResetFailed,
  );
};

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
