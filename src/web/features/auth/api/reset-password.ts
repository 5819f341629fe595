import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { authRequest } from "./auth-request.ts";

/** Sets the new password with the token from the e-mail link; the server then signs the user in. */
export const resetPassword = async (input: { token: string; password: string }) => {
  await authRequest(
    "/reset-password",
    { token: input.token, newPassword: input.password },
    MESSAGES.updatePasswordFailed,
  );
};

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
