import { queryOptions, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import type { Profile } from "#shared/schemas/profile.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

// Every signed-in page asks for the profile (its temperature unit): the schema comes with the answer,
// not with the page's first view.
const profileResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/profile.ts")).profileResponseSchema,
);

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const { profile } = await apiRequest("/profile", {
    schema: profileResponseSchemaLoader,
    fallbackError: MESSAGES.loadProfileFailed,
    signal,
  });
  return profile;
}

/** Keyed by user, so one account never sees another's cached profile after switching. */
export const getProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["profile", userId],
    queryFn: ({ signal }) => getProfile(signal),
    // The avatar link is signed for an hour; refetch well before it lapses.
    staleTime: 10 * 60_000,
  });

export const useProfile = (userId: string) => useQuery(getProfileQueryOptions(userId));
