import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants.ts";
import { signUpNameSchema } from "./profile.ts";

const email = z
  .string()
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Enter a valid email address"));

/** The one password rule (ours; the spec shows none): Better Auth is configured with the same bounds. */
export const passwordSchema = z
  .string()
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const loginSchema = z.object({
  email,
  // Signing in checks only presence: an old password outside today's rule must still work.
  password: z.string().min(1, "Password is required"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The sign-up form: the specification's e-mail and password, and an optional name (companions see it;
 * without one, the profile asks for it once signed in). The server holds the name to the same rule.
 */
export const signupSchema = z.object({
  name: signUpNameSchema.default(""),
  email,
  password: passwordSchema,
});
export type SignupInput = z.input<typeof signupSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const updatePasswordSchema = z.object({ password: passwordSchema });
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;
