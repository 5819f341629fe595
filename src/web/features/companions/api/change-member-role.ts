import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemberRole } from "#shared/constants.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { membersKey } from "./get-members.ts";

export const CHANGE_ROLE_FAILED = "Failed to change the role";

const memberSchema = lazySchema(
  async () => (await import("#shared/schemas/trip-members.ts")).memberResponseSchema,
);

export const changeMemberRole = (tripId: string, userId: string, role: MemberRole) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/members/${encodeURIComponent(userId)}`, {
    method: "PATCH",
    body: { role },
    schema: memberSchema,
    fallbackError: CHANGE_ROLE_FAILED,
  }).then((body) => body.member);

export function useChangeMemberRole(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
      changeMemberRole(tripId, userId, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(tripId) }),
  });
}
