import { createHash, randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { z } from "zod";
import { ACCOUNT_MESSAGES, type accountDeletionInputSchema } from "#shared/schemas/account.ts";
import type { Auth } from "../auth/auth.ts";
import type { Database, Db } from "../db/database.ts";
import { account, verification } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { AppError } from "../lib/http-errors.ts";
import type { Logger } from "../lib/logger.ts";
import type { Mailer } from "../services/mail/mailer.ts";
import { accountDeletionLinkMail } from "../services/mail/templates.ts";

/*
 * Deleting an account: with the password, or, for an account without one (signed up with Google or
 * GitHub), with a link mailed to its address that works once, for an hour, for its own user only.
 */

const LINK_LIFETIME_MS = 60 * 60 * 1000;
const DELETION_LINK_PREFIX = "account-deletion:";

const forbidden = (code: string, message: string) => new AppError(403, code, message);
/** The link's token is stored hashed: a database reader cannot use it. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

type Who = { id: string; email: string };

/** The user's password hash, or null for an account that signs in only with a provider. */
export async function passwordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return row?.password ?? null;
}

/** Mails a new deletion link (only the newest works); an account with a password is a 409. */
export async function sendDeletionLink(
  deps: {
    database: Pick<Database, "db">;
    env: Pick<Env, "APP_ORIGIN">;
    mailer: Mailer;
    logger: Logger;
  },
  user: Who,
): Promise<void> {
  const { db } = deps.database;
  if ((await passwordHash(db, user.id)) !== null)
    throw new AppError(409, "has_password", ACCOUNT_MESSAGES.hasPassword);
  const token = randomBytes(32).toString("base64url");
  await db
    .delete(verification)
    .where(
      and(
        like(verification.identifier, `${DELETION_LINK_PREFIX}%`),
        eq(verification.value, user.id),
      ),
    );
  await db.insert(verification).values({
    id: randomBytes(16).toString("hex"),
    identifier: `${DELETION_LINK_PREFIX}${hashToken(token)}`,
    value: user.id,
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
  });
  const url = `${deps.env.APP_ORIGIN}/account/delete?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(accountDeletionLinkMail(user.email, url));
  } catch (error) {
    deps.logger.error({ err: error, userId: user.id }, "account deletion link mail failed");
    throw new AppError(502, "mail_failed", ACCOUNT_MESSAGES.linkFailed, { cause: error });
  }
}

/**
 * The proof that the account's owner asks for its deletion: the password (403 when wrong or when the
 * account has none), or the mailed link, consumed whether or not it is still valid (a link works
 * once), but only by its own user.
 */
export async function confirmDeletion(
  deps: { database: Pick<Database, "db">; auth: Auth },
  user: Who,
  input: z.output<typeof accountDeletionInputSchema>,
): Promise<void> {
  const { db } = deps.database;
  if ("password" in input) {
    const hash = await passwordHash(db, user.id);
    if (hash === null) throw forbidden("no_password", ACCOUNT_MESSAGES.noPassword);
    const context = await deps.auth.$context;
    if (!(await context.password.verify({ hash, password: input.password })))
      throw forbidden("invalid_password", ACCOUNT_MESSAGES.wrongPassword);
    return;
  }
  const [row] = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, `${DELETION_LINK_PREFIX}${hashToken(input.token)}`),
        eq(verification.value, user.id),
      ),
    )
    .returning();
  if (!row || row.expiresAt <= new Date())
    throw forbidden("invalid_link", ACCOUNT_MESSAGES.invalidLink);
}
