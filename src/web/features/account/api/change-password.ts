import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ACCOUNT_MESSAGES, type ChangePasswordInput } from "#shared/schemas/account.ts";
import { betterAuthRequest } from "./better-auth-request.ts";
import { getSessionsQueryOptions } from "./get-sessions.ts";

/** Better Auth's change-password; every other session ends and this device gets a new one. */
export const changePassword = (input: ChangePasswordInput) =>
  betterAuthRequest("/change-password", {
    method: "POST",
    body: { ...input, revokeOtherSessions: true },
    schema: z.unknown(),
    fallback: ACCOUNT_MESSAGES.changePasswordFailed,
  });

export function useChangePassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries(getSessionsQueryOptions(userId)),
  });
}
