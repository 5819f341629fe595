import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import {
  profileResponseSchema,
  type Profile,
  type profileUpdateInputSchema,
} from "#shared/schemas/profile.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { getProfileQueryOptions } from "./get-profile.ts";

export type ProfileUpdate = z.input<typeof profileUpdateInputSchema>;

export async function updateProfile(input: ProfileUpdate): Promise<Profile> {
  const { profile } = await apiRequest("/profile", {
    method: "PUT",
    body: input,
    schema: profileResponseSchema,
    fallbackError: MESSAGES.updateProfileFailed,
  });
  return profile;
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) =>
      queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, profile),
  });
}
