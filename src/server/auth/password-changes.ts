import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { verification } from "../db/auth-schema.ts";
import type { Db } from "../db/database.ts";

// Kept in Better Auth's verification table, so no migration: a row per user, as long as the oldest
// verification link that could still be opened (24 h), after which no link issued before it is valid.
const MARKER_PREFIX = "password-changed:";

const marker = (userId: string) => `${MARKER_PREFIX}${userId}`;

/**
 * After a successful reset or password change: every outstanding reset link of the user stops
 * working (an older link must not set yet another password), and the time is kept so that a
 * verification link issued before it signs nobody in.
 */
export async function recordPasswordChange(
  db: Db,
  userId: string,
  linkLifetimeSeconds: number,
  now = new Date(),
) {
  // Better Auth keeps reset tokens as `reset-password:<token>` with the user id as the value.
  await db
    .delete(verification)
    .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
  await db.delete(verification).where(eq(verification.identifier, marker(userId)));
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: marker(userId),
    value: String(now.getTime()),
    expiresAt: new Date(now.getTime() + linkLifetimeSeconds * 1000),
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Whether the password changed at or after a link's `iat` (whole seconds, as in a JWT). A link issued
 * in the same second as the change counts as older: refusing a sign-in is the safe side.
 */
export async function passwordChangedSince(db: Db, userId: string, issuedAtSeconds: number) {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(eq(verification.identifier, marker(userId)));
  if (!row) return false;
  const changedAtMs = Number(row.value);
  return !Number.isFinite(changedAtMs) || Math.floor(changedAtMs / 1000) >= issuedAtSeconds;
}
