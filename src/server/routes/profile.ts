import { and, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { AVATAR_CACHE_CONTROL_SECONDS, AVATAR_MAX_BYTES } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import { avatarFileError, profileUpdateInputSchema } from "#shared/schemas/profile.ts";
import type { AppBindings } from "../http/context.ts";
import type { AppDeps } from "../app-deps.ts";
import type { SessionUser } from "../auth/session.ts";
import type { NamedStatement } from "../db/database.ts";
import { profiles } from "../db/schema.ts";
import { avatarFolder, avatarKey, reencodeAvatar } from "../account/avatar-image.ts";
import { AppError } from "../lib/http-errors.ts";
import { toProfileDto, type ProfileFields } from "../account/profile-dto.ts";
import { readAsSessionUser, requireUser } from "../http/session.ts";
import { validate } from "../http/validate.ts";

const storageFailed = (message: string, cause: unknown) =>
  new AppError(502, "storage_failed", message, { cause });

// Read on every profile view: a named statement, prepared once per connection. Every column is
// the same read plain or as JSON (readAsSessionUser).
const PROFILE: NamedStatement = {
  name: "profile_by_id",
  text: `select id, full_name as "fullName", avatar_key as "avatarKey", bio,
    preferred_travel_style as "preferredTravelStyle", interests,
    preferred_destinations as "preferredDestinations", temperature_unit as "temperatureUnit"
    from profiles where id = $1`,
};

async function findProfile(deps: AppDeps, userId: string) {
  const [row] = await deps.database.query<ProfileFields>(PROFILE, [userId]);
  return row;
}

async function profileResponse(deps: AppDeps, user: SessionUser) {
  return { profile: await toProfileDto(await findProfile(deps, user.id), user.name, deps) };
}

/** Deletes the user's avatar files that `pick` selects; keys in a folder sort by their timestamp. */
async function deleteAvatars(deps: AppDeps, userId: string, pick: (key: string) => boolean) {
  const keys = await deps.storage.list(avatarFolder(userId));
  await deps.storage.delete(keys.filter(pick));
}

async function readAvatarFile(c: Context<AppBindings>) {
  let body: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError(400, "bad_request", "Send the image as multipart/form-data");
  }
  const file = body.file;
  if (!(file instanceof File)) {
    throw new AppError(422, "invalid_input", "Choose an image file to upload");
  }
  const problem = avatarFileError(file);
  if (problem) {
    const status = file.size >= AVATAR_MAX_BYTES ? 413 : 415;
    throw new AppError(
      status,
      status === 413 ? "payload_too_large" : "unsupported_media_type",
      problem,
    );
  }
  return file;
}

/** The signed-in user's own profile and avatar; there is no way to address anyone else's. */
export const profileRoutes = new Hono<AppBindings>()
  .use(async (c, next) => {
    // GET /api/profile refuses without a session itself: it reads the profile with the session.
    if (c.req.method !== "GET" || !c.req.path.endsWith("/profile")) await requireUser(c);
    await next();
  })
  .get("/", async (c) => {
    const { user, rows } = await readAsSessionUser<ProfileFields>(c, PROFILE, []);
    return c.json({ profile: await toProfileDto(rows[0], user.name, c.get("deps")) });
  })
  .put("/", validate("json", profileUpdateInputSchema), async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid("json");
    const fields = {
      fullName: input.fullName,
      bio: input.bio,
      preferredTravelStyle: input.preferredTravelStyle,
      interests: input.interests,
      preferredDestinations: input.preferredDestinations,
      ...(input.temperatureUnit === undefined ? {} : { temperatureUnit: input.temperatureUnit }),
    };
    const [row] = await c
      .get("deps")
      .database.db.insert(profiles)
      .values({ id: user.id, ...fields })
      .onConflictDoUpdate({ target: profiles.id, set: { ...fields, updatedAt: new Date() } })
      .returning();
    return c.json({ profile: await toProfileDto(row, user.name, c.get("deps")) });
  })
  .post("/avatar", async (c) => {
    const deps = c.get("deps");
    const user = await requireUser(c);
    const file = await readAvatarFile(c);
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
    return c.json(await profileResponse(deps, user));
  })
  .delete("/avatar", async (c) => {
    const deps = c.get("deps");
    const user = await requireUser(c);
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
    return c.json(await profileResponse(deps, user));
  });
