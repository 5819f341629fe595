import { DEFAULT_AVATAR_PATH, INTERESTS, SIGNED_URL_TTL_SECONDS } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import { profileSchema, type Profile } from "#shared/schemas/profile.ts";
import type { ProfileRow } from "../db/schema.ts";
import type { Storage } from "../services/storage/storage.ts";
import { AppError } from "../lib/http-errors.ts";
import type { Logger } from "../lib/logger.ts";

/** What a profile answer is made of (the stored row without its timestamp). */
export type ProfileFields = Omit<ProfileRow, "updatedAt">;

const styleSchema = profileSchema.shape.preferredTravelStyle;
const isInterest = (value: string): value is Profile["interests"][number] =>
  (INTERESTS as readonly string[]).includes(value);

/**
 * The API's view of a profile. The row keeps the storage key; the answer carries a link signed now,
 * so it is valid for the next hour whenever the profile was saved. No row yet means defaults.
 */
export async function toProfileDto(
  row: ProfileFields | undefined,
  fallbackName: string,
  deps: { storage: Storage; logger: Logger },
): Promise<Profile> {
  let avatarUrl = DEFAULT_AVATAR_PATH;
  if (row?.avatarKey) {
    try {
      avatarUrl = await deps.storage.signedUrl(row.avatarKey, SIGNED_URL_TTL_SECONDS);
    } catch (error) {
      // The user id, not the key: the key carries a slug of the uploaded file's name.
      deps.logger.error({ err: error, userId: row.id }, "signing avatar link failed");
      throw new AppError(502, "storage_failed", MESSAGES.signedUrlFailed, { cause: error });
    }
  }
  const style = styleSchema.safeParse(row?.preferredTravelStyle ?? null);
  return {
    fullName: row ? row.fullName : fallbackName,
    avatarUrl,
    hasAvatar: Boolean(row?.avatarKey),
    bio: row?.bio ?? "",
    preferredTravelStyle: style.success ? style.data : null,
    interests: (row?.interests ?? []).filter(isInterest),
    preferredDestinations: row?.preferredDestinations ?? [],
    temperatureUnit:
      row?.temperatureUnit === "C" || row?.temperatureUnit === "F" ? row.temperatureUnit : null,
    homeCity: row?.homeCity ?? null,
  };
}
