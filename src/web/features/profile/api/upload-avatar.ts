import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { profileResponseSchema, type Profile } from "#shared/schemas/profile.ts";
import { ApiRequestError, toApiError } from "#web/lib/api-client.ts";
import { getProfileQueryOptions } from "./get-profile.ts";

/** Multipart, so it cannot use the JSON-only apiRequest; same error shape and validation. */
export async function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append("file", file);
  let response: Response;
  try {
    response = await fetch("/api/profile/avatar", {
      method: "POST",
      credentials: "same-origin",
      body: form,
    });
  } catch {
    throw new ApiRequestError(MESSAGES.uploadAvatarFailed, 0, "network");
  }
  if (!response.ok) throw await toApiError(response, MESSAGES.uploadAvatarFailed);
  return profileResponseSchema.parse(await response.json()).profile;
}

export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) =>
      queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, profile),
  });
}
