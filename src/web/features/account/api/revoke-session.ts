import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { betterAuthRequest } from "./better-auth-request.ts";
import { getSessionsQueryOptions } from "./get-sessions.ts";

export const revokeSession = (token: string) =>
  betterAuthRequest("/revoke-session", {
    method: "POST",
    body: { token },
    schema: z.unknown(),
    fallback: ACCOUNT_MESSAGES.revokeFailed,
  });

export function useRevokeSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries(getSessionsQueryOptions(userId)),
  });
}
