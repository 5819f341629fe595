import type { Context } from "hono";
import { IMPORT_MESSAGES } from "#shared/messages.ts";
import { IMPORT_RATE_LIMIT_WINDOW_SECONDS } from "#shared/schemas/bookings.ts";
import type { SessionUser } from "../auth/session.ts";
import { AppError } from "../lib/http-errors.ts";
import type { AppBindings } from "./context.ts";
import { enforceRateLimit } from "./rate-limit.ts";

/**
 * Every import route (bookings into a new trip or into a trip, saved places): reading an uploaded
 * file is the costliest thing a visitor can ask for, so it needs a verified address (a throwaway
 * account cannot) and counts against IMPORT_RATE_LIMIT per account and IMPORT_IP_RATE_LIMIT per
 * client address (throwaway accounts from one address share it). The account is counted first, so
 * a refused request does not use up the address's budget. Call it after the access check and before
 * the body is read.
 */
export async function guardImport(c: Context<AppBindings>, user: SessionUser) {
  if (!user.emailVerified)
    throw new AppError(403, "email_not_verified", IMPORT_MESSAGES.emailNotVerified);
  const { db } = c.var.deps.database;
  const { env } = c.var.deps;
  await enforceRateLimit(db, {
    key: `import:user:${user.id}`,
    limit: env.IMPORT_RATE_LIMIT,
    windowSeconds: IMPORT_RATE_LIMIT_WINDOW_SECONDS,
    message: IMPORT_MESSAGES.rateLimited,
  });
  await enforceRateLimit(db, {
    key: `import:ip:${c.var.clientIp}`,
    limit: env.IMPORT_IP_RATE_LIMIT,
    windowSeconds: IMPORT_RATE_LIMIT_WINDOW_SECONDS,
    message: IMPORT_MESSAGES.rateLimited,
  });
}
