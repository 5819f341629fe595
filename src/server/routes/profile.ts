import { Hono, type Context } from "hono";
import { AVATAR_MAX_BYTES } from "#shared/constants.ts";
import { avatarFileError, profileUpdateInputSchema } from "#shared/schemas/profile.ts";
import type { AppBindings } from "../http/context.ts";
import { toProfileDto, type ProfileFields } from "../account/profile-dto.ts";
import { PROFILE, removeAvatar, replaceAvatar, saveProfile } from "../account/profile-changes.ts";
import { AppError } from "../lib/http-errors.ts";
import { readAsSessionUser, requireUser } from "../http/session.ts";
import { validate } from "../http/validate.ts";

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
    return c.json({ profile: await saveProfile(c.var.deps, user, c.req.valid("json")) });
  })
  .post("/avatar", async (c) => {
    const user = await requireUser(c);
    const file = await readAvatarFile(c);
    return c.json({ profile: await replaceAvatar(c.var.deps, user, file) });
  })
  .delete("/avatar", async (c) => {
    const user = await requireUser(c);
    return c.json({ profile: await removeAvatar(c.var.deps, user) });
  });
