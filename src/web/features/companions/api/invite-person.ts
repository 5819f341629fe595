import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InviteRequest } from "#shared/schemas/trip-members.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { membersKey } from "./get-members.ts";

export const INVITE_FAILED = "Failed to send the invitation";

const inviteSchema = lazySchema(
  async () => (await import("#shared/schemas/trip-members.ts")).inviteResponseSchema,
);

export const invitePerson = (tripId: string, request: InviteRequest) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/invites`, {
    method: "POST",
    body: request,
    schema: inviteSchema,
    fallbackError: INVITE_FAILED,
  }).then((body) => body.invite);

export function useInvitePerson(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InviteRequest) => invitePerson(tripId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(tripId) }),
  });
}
