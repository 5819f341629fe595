import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { AVATAR_CACHE_CONTROL_SECONDS } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Profile, profileUpdateInputSchema } from "#shared/schemas/profile.ts";
import type { SessionUser } from "../auth/session.ts";
import type { Database, NamedStatement } from "../db/database.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../lib/http-errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { Storage } from "../services/storage/storage.ts";
import { avatarFolder, avatarKey, reencodeAvatar } from "./avatar-image.ts";
import { toProfileDto, type ProfileFields } from "./profile-dto.ts";

/*
 * The signed-in user's own profile and avatar: saving the fields, replacing and removing the picture
 * (files and row kept consistent when two uploads race or storage fails).
 */

export type ProfileDeps = {
  database: Pick<Database, "db" | "query">;
  storage: Storage;
  logger: Logger;
};

const storageFailed = (message: string, cause: unknown) =>
  new AppError(502, "storage_failed", message, { cause });

// Read on every profile view: a named statement, prepared once per connection. Every column is
// the same read plain or as JSON (readAsSessionUser).
export const PROFILE: NamedStatement = {
  name: "profile_by_id",
  text: `select id, full_name as "fullName", avatar_key as "avatarKey", bio,
    preferred_travel_style as "preferredTravelStyle", interests,
    preferred_destinations as "preferredDestinations", temperature_unit as "temperatureUnit",
    home_city as "homeCity"
    from profiles where id = $1`,
};

async function findProfile(deps: ProfileDeps, userId: string) {
  const [row] = await deps.database.query<ProfileFields>(PROFILE, [userId]);
  return row;
}

export async function profileOf(
  deps: ProfileDeps,
  user: Pick<SessionUser, "id" | "name">,
): Promise<Profile> {
  return await toProfileDto(await findProfile(deps, user.id), user.name, deps);
}

/** Deletes the user's avatar files that `pick` selects; keys in a folder sort by their timestamp. */
async function deleteAvatars(deps: ProfileDeps, userId: string, pick: (key: string) => boolean) {
  const keys = await deps.storage.list(avatarFolder(userId));
  await deps.storage.delete(keys.filter(pick));
}

/** PUT /api/profile: every field the form sends, saved (made on the first save). */
export async function saveProfile(
  deps: ProfileDeps,
  user: Pick<SessionUser, "id" | "name">,
  input: z.output<typeof profileUpdateInputSchema>,
): Promise<Profile> {
  const fields = {
    fullName: input.fullName,
    bio: input.bio,
    preferredTravelStyle: input.preferredTravelStyle,
    interests: input.interests,
    preferredDestinations: input.preferredDestinations,
    ...(input.temperatureUnit === undefined ? {} : { temperatureUnit: input.temperatureUnit }),
    ...(input.homeCity === undefined ? {} : { homeCity: input.homeCity }),
  };
  const [row] = await deps.database.db
    .insert(profiles)
    .values({ id: user.id, ...fields })
    .onConflictDoUpdate({ target: profiles.id, set: { ...fields, updatedAt: new Date() } })
    .returning();
  return toProfileDto(row, user.name, deps);
}

/** A new avatar (re-encoded as WebP), the old files removed once the profile points at it. */
export async function replaceAvatar(
  deps: ProfileDeps,
  user: Pick<SessionUser, "id" | "name">,
  file: File,
): Promise<Profile> {
  const image = await reencodeAvatar(new Uint8Array(await file.arrayBuffer()));
  const key = avatarKey(user.id, Date.now(), file.name);

  try {
    await deps.storage.put(key, image, {
      contentType: "image/webp",
      cacheControlSeconds: AVATAR_CACHE_CONTROL_SECONDS,
    });
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, "storing avatar failed");
    throw storageFailed(MESSAGES.uploadAvatarFailed, error);
  }

  // Point the profile at the new file, unless a newer upload already won a race with this one.
  let pointed: { avatarKey: string | null }[];
  try {
    pointed = await deps.database.db
      .insert(profiles)
      .values({ id: user.id, fullName: user.name, avatarKey: key })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { avatarKey: key, updatedAt: new Date() },
        setWhere: sql`${profiles.avatarKey} is null or ${profiles.avatarKey} collate "C" < ${key}`,
      })
      .returning({ avatarKey: profiles.avatarKey });
  } catch (error) {
    await deps.storage.delete([key]).catch(() => undefined);
    throw error;
  }

  // Only now that the profile points at the new file may the old ones go. Never fatal: the
  // upload succeeded, and leftovers are swept by the next replacement.
  const won = pointed.length > 0;
  await deleteAvatars(deps, user.id, (other) => (won ? other < key : other === key)).catch(
    (error: unknown) => {
      deps.logger.warn({ err: error, userId: user.id }, "removing old avatars failed");
    },
  );
  return profileOf(deps, user);
}

export async function removeAvatar(
  deps: ProfileDeps,
  user: Pick<SessionUser, "id" | "name">,
): Promise<Profile> {
  const previous = (await findProfile(deps, user.id))?.avatarKey;
  try {
    // Files first: if that fails the profile still shows the avatar and a retry finishes the job.
    // With nothing recorded, sweep leftovers but spare recent files, which an upload in flight
    // may be about to point the profile at.
    const newest = previous ?? `${avatarFolder(user.id)}${Date.now() - 3_600_000}`;
    await deleteAvatars(deps, user.id, (key) => key <= newest);
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, "deleting avatar failed");
    throw storageFailed(MESSAGES.deleteAvatarFailed, error);
  }
  if (previous) {
    // Only if it still points at what was deleted: a newer upload may have landed meanwhile.
    await deps.database.db
      .update(profiles)
      .set({ avatarKey: null, updatedAt: new Date() })
      .where(and(eq(profiles.id, user.id), eq(profiles.avatarKey, previous)));
  }
  return profileOf(deps, user);
}
