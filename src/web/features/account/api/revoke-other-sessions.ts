import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "#shared/schemas/account.ts";
import { betterAuthRequest } from "./better-auth-request.ts";
import { getSessionsQueryOptions } from "./get-sessions.ts";

export const revokeOtherSessions = () =>
  betterAuthRequest("/revoke-other-sessions", {
    method: "POST",
    body: {},
    schema: z.unknown(),
    fallback: ACCOUNT_MESSAGES.revokeFailed,
  });

export function useRevokeOtherSessions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries(getSessionsQueryOptions(userId)),
  });
}
