import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { membersKey } from "./get-members.ts";

export const REMOVE_FAILED = "Failed to remove the person";

const noContent = lazySchema(async () => (await import("#web/lib/zod-parse.ts")).noContent());

/** The owner removing someone, or anyone removing themself (leaving the trip). */
export const removeMember = (tripId: string, userId: string) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/members/${encodeURIComponent(userId)}`, {
    method: "DELETE",
    schema: noContent,
    fallbackError: REMOVE_FAILED,
  });

export function useRemoveMember(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(tripId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(tripId) }),
  });
}
