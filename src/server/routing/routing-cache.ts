import { and, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { routingCache } from "../db/schema.ts";
import type { LatLng } from "./routing-types.ts";

/** How long an answer is kept: streets and timetables change, but not from one plan to the next. */
export const ROUTING_CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Four decimals: about 11 m of latitude, less of longitude; two places that close share answers. */
export const roundedPoint = (p: LatLng) => `${p.lat.toFixed(4)},${p.lng.toFixed(4)}`;

/** Answers by key, shared by every instance; a row older than 30 days counts as not cached. */
export function createRoutingCache(db: Db, now: () => number = Date.now) {
  return {
    async getMany(keys: string[]): Promise<Map<string, unknown>> {
      const found = new Map<string, unknown>();
      const unique = [...new Set(keys)];
      // Chunks keep the statement's parameters well under PostgreSQL's limit.
      for (let start = 0; start < unique.length; start += 1000) {
        const rows = await db
          .select({ key: routingCache.key, result: routingCache.result })
          .from(routingCache)
          .where(
            and(
              inArray(routingCache.key, unique.slice(start, start + 1000)),
              gt(routingCache.createdAt, new Date(now() - ROUTING_CACHE_TTL_MS)),
            ),
          );
        for (const row of rows) found.set(row.key, row.result);
      }
      return found;
    },
    async putMany(entries: [string, unknown][]): Promise<void> {
      const createdAt = new Date(now());
      const unique = [...new Map(entries).entries()];
      for (let start = 0; start < unique.length; start += 500) {
        const values = unique
          .slice(start, start + 500)
          .map(([key, result]) => ({ key, result: result ?? null, createdAt }));
        await db
          .insert(routingCache)
          .values(values)
          .onConflictDoUpdate({
            target: routingCache.key,
            set: { result: sql`excluded.result`, createdAt },
          });
      }
    },
  };
}

export type RoutingCache = ReturnType<typeof createRoutingCache>;
