import { z } from "zod";
import { INTERESTS, TRAVEL_STYLES } from "../constants.ts";

/** Comma-separated text → trimmed, non-empty entries (SPEC 5: preferred destinations). */
export const splitDestinations = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.length > 0);

/** The profile as the API returns it; `avatarUrl` is a freshly signed link or the default avatar. */
export const profileSchema = z.object({
  fullName: z.string(),
  avatarUrl: z.string(),
  hasAvatar: z.boolean(),
  bio: z.string(),
  preferredTravelStyle: z.enum(TRAVEL_STYLES).nullable(),
  interests: z.array(z.enum(INTERESTS)),
  preferredDestinations: z.array(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });
