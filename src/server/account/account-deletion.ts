import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database, Db } from "../db/database.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../lib/logger.ts";
import type { Mailer } from "../services/mail/mailer.ts";
import type { Storage } from "../services/storage/storage.ts";
import { pendingFileDeletions, rateLimits, user, verification } from "../db/schema.ts";
import { accountDeletedMail } from "../services/mail/templates.ts";
import { accessOfAccount, type AccessEnded } from "../companions/trip-members.ts";
import { avatarFolder } from "./avatar-image.ts";

type Deps = { database: Pick<Database, "db">; storage: Storage; logger: Logger };
type PendingRow = typeof pendingFileDeletions.$inferSelect;

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** 1, 2, 4 … minutes after each failure, at most six hours. */
const backoffMs = (attempts: number) => Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** attempts);

/**
 * Removes the account in one transaction: the user row (its sessions, accounts, profile, trips and
 * memberships go with it by foreign key, so shared links 404 at once and its trips leave every
 * companion's list), the verification values that name it, and its
 * rate-limit counters. The avatar folder is recorded as pending in the same transaction and swept
 * right after; if the store fails, the account is gone anyway and the retry finishes the files.
 */
export async function deleteAccount(
  deps: Deps & {
    mailer: Mailer;
    env: Pick<Env, "CONTACT_EMAIL">;
    onAccessEnded: AccessEnded;
    onSessionsEnded: (userId: string) => void;
  },
  account: { id: string; email: string },
): Promise<{ filesRemoved: boolean }> {
  const db = deps.database.db;
  // Its own trips go for everyone on them; its places on others' trips go too.
  let ended: { tripId: string; userId: string }[] = [];
  const pending = await db.transaction(async (tx) => {
    ended = await accessOfAccount(tx, account.id);
    const [row] = await tx
      .insert(pendingFileDeletions)
      .values({ prefix: avatarFolder(account.id) })
      .returning();
    await tx.delete(verification).where(eq(verification.value, account.id));
    // Our own counters are keyed `<what>:<userId>` or `<what>:user:<userId>`.
    await tx.delete(rateLimits).where(sql`strpos(${rateLimits.key}, ${account.id}) > 0`);
    await tx.delete(user).where(eq(user.id, account.id));
    return row;
  });
  deps.logger.info({ userId: account.id }, "account deleted");
  for (const { tripId, userId } of ended) deps.onAccessEnded(tripId, userId);
  deps.onSessionsEnded(account.id);

  const filesRemoved = pending ? await sweep(deps, pending) : true;

  // Not awaited: the account is gone whatever happens to this mail, and a slow mail server must not
  // hold the answer. A failure is logged, not reported.
  deps.mailer.send(accountDeletedMail(account.email, deps.env.CONTACT_EMAIL)).then(
    () => deps.logger.info({ userId: account.id }, "account deleted mail sent"),
    (error: unknown) =>
      deps.logger.error({ err: error, userId: account.id }, "account deleted mail failed"),
  );
  return { filesRemoved };
}

/** Deletes every file under the row's prefix; on success the row goes, on failure it waits. */
async function sweep(deps: Deps, row: PendingRow): Promise<boolean> {
  const db = deps.database.db;
  try {
    const keys = await deps.storage.list(row.prefix);
    if (keys.length > 0) await deps.storage.delete(keys);
    await db.delete(pendingFileDeletions).where(eq(pendingFileDeletions.id, row.id));
    if (row.attempts > 0)
      deps.logger.info({ prefix: row.prefix, attempts: row.attempts }, "leftover files removed");
    return true;
  } catch (error) {
    const attempts = row.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(pendingFileDeletions)
      .set({
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
      })
      .where(eq(pendingFileDeletions.id, row.id));
    deps.logger.error(
      { err: error, prefix: row.prefix, attempts },
      "removing a deleted account's files failed; will retry",
    );
    return false;
  }
}

/**
 * One retry round over due rows. Each row is claimed by pushing its next attempt out first, so
 * instances sweeping at the same time do not work on the same row.
 */
export async function retryPendingFileDeletions(
  deps: Deps,
  options: { limit?: number; now?: Date } = {},
): Promise<{ removed: number; failed: number }> {
  const db = deps.database.db;
  const now = options.now ?? new Date();
  const due = db
    .select({ id: pendingFileDeletions.id })
    .from(pendingFileDeletions)
    .where(lte(pendingFileDeletions.nextAttemptAt, now))
    .orderBy(pendingFileDeletions.nextAttemptAt)
    .limit(options.limit ?? 20)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(pendingFileDeletions)
    .set({ nextAttemptAt: new Date(now.getTime() + MAX_BACKOFF_MS) })
    .where(and(inArray(pendingFileDeletions.id, due), lte(pendingFileDeletions.nextAttemptAt, now)))
    .returning();
  let removed = 0;
  for (const row of claimed) if (await sweep(deps, row)) removed++;
  return { removed, failed: claimed.length - removed };
}

const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/** Runs the retry every five minutes (and once soon after start-up); returns a stop function. */
export function startPendingFileSweeper(deps: Deps, intervalMs = SWEEP_INTERVAL_MS) {
  const run = () =>
    void retryPendingFileDeletions(deps).catch((error: unknown) =>
      deps.logger.warn({ err: error }, "pending file deletion sweep failed"),
    );
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * True while the key's files wait for a retry: links signed before the account went must not keep
 * serving them from local disk meanwhile.
 */
export async function isPendingDeletion(db: Db, key: string) {
  const [row] = await db
    .select({ id: pendingFileDeletions.id })
    .from(pendingFileDeletions)
    .where(sql`strpos(${key}, ${pendingFileDeletions.prefix}) = 1`)
    .limit(1);
  return row !== undefined;
}
