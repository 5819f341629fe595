import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { rateLimits } from "../db/schema.ts";
import { tooManyRequests } from "../lib/http-errors.ts";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * One atomic upsert per hit: a fixed window per key, counted in the database so that every app
 * instance shares the same counters.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStartFloor = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const count = row?.count ?? 1;
  const windowStart = row?.windowStart ?? now;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000),
  );
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
}

/** Throws a 429 with Retry-After and `message` when the key is over its limit. */
export async function enforceRateLimit(
  db: Db,
  options: { key: string; limit: number; windowSeconds: number; message: string },
) {
  const result = await hitRateLimit(db, options.key, options.limit, options.windowSeconds);
  if (!result.allowed) throw tooManyRequests(options.message, result.retryAfterSeconds);
  return result;
}
