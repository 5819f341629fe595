import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants.ts";
import { passwordSchema } from "./auth.ts";

/** The export file's format version; bump it when a field changes meaning or goes away. */
export const ACCOUNT_EXPORT_VERSION = 1;

/** `boundless-export-YYYY-MM-DD.json`, dated in UTC. */
export const accountExportFileName = (now: Date) =>
  `boundless-export-${now.toISOString().slice(0, 10)}.json`;

/**
 * DELETE /api/account and the confirmation dialog: the password, or (accounts without one) the token
 * from the e-mailed link.
 */
export const accountDeletionInputSchema = z.union(
  [
    z.object({
      password: z
        .string({ error: "Password is required" })
        .min(1, "Password is required")
        .max(PASSWORD_MAX_LENGTH, "Password is required"),
    }),
    z.object({ token: z.string().min(1).max(200) }),
  ],
  { error: "Password is required" },
);
export type AccountDeletionInput = z.infer<typeof accountDeletionInputSchema>;

/** The dialog's form: only the password case. */
export const deleteAccountFormSchema = z.object({
  password: z.string().min(1, "Password is required"),
});
export type DeleteAccountFormInput = z.infer<typeof deleteAccountFormSchema>;

/** "Change password" in the Security section (Better Auth's change-password takes the same fields). */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required"),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** One entry of Better Auth's GET /api/auth/list-sessions (only the fields we use). */
export const authSessionSchema = z.object({
  id: z.string(),
  token: z.string(),
  createdAt: z.coerce.date(),
  updatedAt: z.coerce.date(),
  expiresAt: z.coerce.date(),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** GET /api/account: what the account screen needs to know about how this user signs in. */
export const accountInfoSchema = z.object({
  account: z.object({ email: z.string(), hasPassword: z.boolean() }),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>["account"];

/** Ours (the spec has no account screen): the texts the account routes and screens share. */
export const ACCOUNT_MESSAGES = {
  wrongPassword: "Incorrect password",
  noPassword: "This account has no password. Ask for a confirmation link by e-mail to delete it.",
  hasPassword: "Enter your password to delete your account.",
  invalidLink: "This link is invalid or has expired. Ask for a new one.",
  exportRateLimited: (limit: number) =>
    `You can download your data ${limit} times per hour. Please try again later.`,
  exportFailed: "Failed to download your data",
  deleteFailed: "Failed to delete your account",
  linkFailed: "Failed to send the confirmation link",
  loadSessionsFailed: "Failed to load your sessions",
  revokeFailed: "Failed to sign out that session",
  changePasswordFailed: "Failed to change password",
} as const;
