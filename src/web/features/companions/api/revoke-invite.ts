import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { membersKey } from "./get-members.ts";

export const REVOKE_FAILED = "Failed to revoke the invitation";

const noContent = lazySchema(async () => (await import("#web/lib/zod-parse.ts")).noContent());

export const revokeInvite = (tripId: string, inviteId: string) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/invites/${encodeURIComponent(inviteId)}`, {
    method: "DELETE",
    schema: noContent,
    fallbackError: REVOKE_FAILED,
  });

export function useRevokeInvite(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => revokeInvite(tripId, inviteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(tripId) }),
  });
}
