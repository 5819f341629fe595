import { TEMPERATURE_UNITS } from "../temperature.ts";
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
  /** "C" or "F"; null follows the browser's locale (also when an older server does not send it). */
  temperatureUnit: z.enum(TEMPERATURE_UNITS).nullable().default(null),
  /** Where the traveller's trips start and end (issue 47): prefills the plan form's "From". */
  homeCity: z.string().nullable().default(null),
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

// Unicode white space (what String.prototype.trim removes) and the invisible, zero-width characters
// it leaves (U+200B, U+2060, U+FEFF, soft hyphen, Hangul fillers…), so "\u200b" alone is empty.
// Variation selectors stay: they belong to the emoji before them.
const EDGE_INVISIBLE =
  /^(?:(?![\ufe00-\ufe0f])[\s\p{Default_Ignorable_Code_Point}])+|(?:(?![\ufe00-\ufe0f])[\s\p{Default_Ignorable_Code_Point}])+$/gu;

/** Trims a person's name: white space and zero-width characters at either end. */
export const trimName = (text: string) => text.replace(EDGE_INVISIBLE, "");

const FULL_NAME_REQUIRED = "Full name is required";
const FULL_NAME_TOO_LONG = `Full name must be at most ${PROFILE_LIMITS.fullName} characters`;

/**
 * The one rule for a person's name, wherever it is written: the profile form and route, and Better
 * Auth's sign-up and update-user (src/server/auth/auth-user-fields.ts). Required, trimmed, at most 100.
 */
export const fullNameSchema = safeText("Full name", { error: FULL_NAME_REQUIRED })
  .transform(trimName)
  .pipe(z.string().min(1, FULL_NAME_REQUIRED).max(PROFILE_LIMITS.fullName, FULL_NAME_TOO_LONG));

/**
 * Sign-up's name: the spec's sign-up form asks only for e-mail and password, so it may be empty;
 * anything else is held to the same trimming and length as the full name.
 */
export const signUpNameSchema = safeText("Full name", { error: FULL_NAME_REQUIRED })
  .transform(trimName)
  .pipe(z.string().max(PROFILE_LIMITS.fullName, FULL_NAME_TOO_LONG));

/** A user's `image` (Better Auth's field): an https URL or nothing, never `javascript:` or `data:`. */
export const userImageSchema = z
  .string({ error: "Image must be an https URL" })
  .max(2048, "Image must be an https URL of at most 2048 characters")
  .pipe(z.url({ protocol: /^https$/, error: "Image must be an https URL" }))
  .nullable();

/**
 * PUT /api/profile and the Profile form. Preferred destinations come as the typed comma-separated
 * text (the form) or as a list (API clients); both end up split, trimmed and without empties.
 */
export const profileUpdateInputSchema = z.object({
  fullName: fullNameSchema,
  // Not sent: unchanged; null or "": follow the browser's locale.
  temperatureUnit: z
    .enum([...TEMPERATURE_UNITS, ""], { error: "Temperature must be °C or °F" })
    .nullable()
    .optional()
    .transform((unit) => (unit === undefined ? undefined : unit || null)),
  // Not sent: unchanged; "" or null: none.
  homeCity: safeText("Home city")
    .trim()
    .max(
      PROFILE_LIMITS.destination,
      `Home city must be at most ${PROFILE_LIMITS.destination} characters`,
    )
    .nullable()
    .optional()
    .transform((city) => (city === undefined ? undefined : city || null)),
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

/** The avatar checks both the browser and the server make (SPEC 5); null when the file may go. */
export function avatarFileError(file: { size: number; type: string }): string | null {
  if (file.size >= AVATAR_MAX_BYTES) return MESSAGES.avatarTooLarge;
  if (!file.type.startsWith("image/")) return MESSAGES.avatarNotImage;
  return null;
}
