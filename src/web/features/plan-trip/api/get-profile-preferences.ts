import { queryOptions, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import type { Profile } from "#shared/schemas/profile.ts";
import { ApiRequestError, apiRequest } from "#web/lib/api-client.ts";

export type ProfilePreferences = Pick<Profile, "preferredTravelStyle" | "interests" | "homeCity">;

/** The profile's style and interests for prefilling; null when there is no profile to read. */
export async function getProfilePreferences(): Promise<ProfilePreferences | null> {
  try {
    // Only a signed-in visitor's form asks: the schema (classic zod) comes with that first ask.
    const { profileResponseSchema } = await import("#shared/schemas/profile.ts");
    const { profile } = await apiRequest("/profile", {
      schema: profileResponseSchema,
      fallbackError: MESSAGES.loadPreferencesFailed,
    });
    return {
      preferredTravelStyle: profile.preferredTravelStyle,
      interests: profile.interests,
      // "From" starts where the traveller's trips start (issue 47).
      homeCity: profile.homeCity,
    };
  } catch (error) {
    // Prefill is a convenience: a missing profile (or route) leaves the form on its defaults.
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 404))
      return null;
    console.warn(MESSAGES.loadPreferencesFailed, error);
    return null;
  }
}

export const getProfilePreferencesQueryOptions = () =>
  queryOptions({ queryKey: ["profile", "preferences"], queryFn: getProfilePreferences });

export const useProfilePreferences = (enabled: boolean) =>
  useQuery({ ...getProfilePreferencesQueryOptions(), enabled });
