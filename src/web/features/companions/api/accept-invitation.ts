import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

export const ACCEPT_FAILED = "Failed to accept the invitation";

const acceptSchema = lazySchema(
  async () => (await import("#shared/schemas/trip-members.ts")).acceptInviteResponseSchema,
);

export const acceptInvitation = (token: string) =>
  apiRequest(`/invites/${encodeURIComponent(token)}/accept`, {
    method: "POST",
    schema: acceptSchema,
    fallbackError: ACCEPT_FAILED,
  });

/** Accepting puts the trip in My Trips: every cached list is stale. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["trips"] }),
  });
}
