import { APIError } from "better-auth/api";
import type { z } from "zod";
import {
  fullNameSchema,
  PROFILE_LIMITS,
  signUpNameSchema,
  trimName,
  userImageSchema,
} from "#shared/schemas/profile.ts";

type Body = Record<string, unknown>;

function refuse(code: string, error: z.ZodError): never {
  throw new APIError("UNPROCESSABLE_ENTITY", {
    code,
    message: error.issues[0]?.message ?? "Invalid input",
  });
}

/**
 * Better Auth's own sign-up and update-user take any `name` and `image`; these are the profile's
 * rules for them. Returns the body with the name trimmed, or throws a 422 before anything is stored.
 * Bodies that are not objects are left to Better Auth's own validation.
 */
export function checkUserFields(path: "/sign-up/email" | "/update-user", body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const checked: Body = { ...(body as Body) };
  if ("name" in checked && (path === "/sign-up/email" || checked.name !== undefined)) {
    const result = (path === "/sign-up/email" ? signUpNameSchema : fullNameSchema).safeParse(
      checked.name,
    );
    if (!result.success) refuse("INVALID_NAME", result.error);
    checked.name = result.data;
  }
  if ("image" in checked && checked.image !== undefined) {
    const result = userImageSchema.safeParse(checked.image);
    if (!result.success) refuse("INVALID_IMAGE", result.error);
  }
  return checked;
}

/** At most `max` UTF-16 units, never cutting a character in half. */
function truncate(text: string, max: number) {
  let out = "";
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

/**
 * For user rows written by any other path (a Google or GitHub profile): a provider's name is trimmed
 * and shortened rather than refused, and an image that is not an https URL is dropped.
 */
export function sanitizeUserData<T extends { name?: unknown; image?: unknown }>(data: T): T {
  const clean = { ...data };
  if (typeof clean.name === "string")
    clean.name = truncate(trimName(clean.name), PROFILE_LIMITS.fullName);
  if (clean.image !== undefined && !userImageSchema.safeParse(clean.image).success)
    clean.image = null;
  return clean;
}
