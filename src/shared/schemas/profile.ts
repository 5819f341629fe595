import { z } from "zod";
import { AVATAR_MAX_BYTES, INTERESTS, TRAVEL_STYLES } from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { safeText } from "./safe-input.ts";

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

/** Ours (the spec shows none): generous for people, small enough to keep rows and prompts sane. */
export const PROFILE_LIMITS = {
  fullName: 100,
  bio: 1000,
  destinations: 20,
  destination: 100,
} as const;

const dedupe = <T>(items: T[]) => [...new Set(items)];

/**
 * PUT /api/profile and the Profile form. Preferred destinations come as the typed comma-separated
 * text (the form) or as a list (API clients); both end up split, trimmed and without empties.
 */
export const profileUpdateInputSchema = z.object({
  fullName: safeText("Full name", { error: "Full name is required" })
    .trim()
    .min(1, "Full name is required")
    .max(
      PROFILE_LIMITS.fullName,
      `Full name must be at most ${PROFILE_LIMITS.fullName} characters`,
    ),
  bio: safeText("Bio")
    .trim()
    .max(PROFILE_LIMITS.bio, `Bio must be at most ${PROFILE_LIMITS.bio} characters`)
    .default(""),
  preferredTravelStyle: z
    .enum([...TRAVEL_STYLES, ""], { error: "Travel style must be luxury, comfort or budget" })
    .nullable()
    .default(null)
    .transform((style) => style || null),
  interests: z
    .array(z.enum(INTERESTS, { error: "Choose interests from the list" }))
    .default([])
    .transform(dedupe),
  preferredDestinations: z
    .union([z.string(), z.array(z.string())], {
      error: "Preferred destinations must be text separated by commas",
    })
    .default([])
    .transform((value) =>
      dedupe(
        Array.isArray(value)
          ? value.map((entry) => entry.trim()).filter((entry) => entry.length > 0)
          : splitDestinations(value),
      ),
    )
    .pipe(
      z
        .array(
          safeText("A preferred destination").max(
            PROFILE_LIMITS.destination,
            `Each destination must be at most ${PROFILE_LIMITS.destination} characters`,
          ),
        )
        .max(
          PROFILE_LIMITS.destinations,
          `List at most ${PROFILE_LIMITS.destinations} preferred destinations`,
        ),
    ),
});
export type ProfileUpdateInput = z.output<typeof profileUpdateInputSchema>;

/** The avatar checks both the browser and the server make (SPEC 5); null when the file may go. */
export function avatarFileError(file: { size: number; type: string }): string | null {
  if (file.size >= AVATAR_MAX_BYTES) return MESSAGES.avatarTooLarge;
  if (!file.type.startsWith("image/")) return MESSAGES.avatarNotImage;
  return null;
}
