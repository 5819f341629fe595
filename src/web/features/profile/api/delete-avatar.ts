import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { profileResponseSchema, type Profile } from "#shared/schemas/profile.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { getProfileQueryOptions } from "./get-profile.ts";

export async function deleteAvatar(): Promise<Profile> {
  const { profile } = await apiRequest("/profile/avatar", {
    method: "DELETE",
    schema: profileResponseSchema,
    fallbackError: MESSAGES.deleteAvatarFailed,
  });
  return profile;
}

export function useDeleteAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    onSuccess: (profile) =>
      queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, profile),
  });
}
