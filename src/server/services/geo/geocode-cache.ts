import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { tripPlaceSchema } from "#shared/schemas/itinerary.ts";
import type { Db } from "../../db/database.ts";
import { geocodeCache, type GeocodeCacheResult } from "../../db/schema.ts";

export type GeocodeKind = "destination" | "activity";

const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
const resultSchemas = { destination: tripPlaceSchema, activity: latLngSchema } as const;

/** A miss is asked again after this long: a place may be added to the map; a hit stays. */
export const MISS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Cached<K extends GeocodeKind> = z.infer<(typeof resultSchemas)[K]> | null;

/**
 * The geocoders' answers in the database (shared by every instance, kept across restarts), as their
 * usage policies ask. A row that no longer parses counts as not cached.
 */
export function createGeocodeCache(db: Db, now: () => number = Date.now) {
  return {
    async get<K extends GeocodeKind>(
      kind: K,
      query: string,
    ): Promise<{ result: Cached<K> } | undefined> {
      const [row] = await db
        .select()
        .from(geocodeCache)
        .where(and(eq(geocodeCache.kind, kind), eq(geocodeCache.query, query)))
        .limit(1);
      if (!row) return undefined;
      if (row.result === null)
        return now() - row.createdAt.getTime() < MISS_TTL_MS ? { result: null } : undefined;
      const parsed = resultSchemas[kind].safeParse(row.result);
      return parsed.success ? { result: parsed.data as Cached<K> } : undefined;
    },
    async put(kind: GeocodeKind, query: string, result: GeocodeCacheResult | null): Promise<void> {
      const createdAt = new Date(now());
      await db
        .insert(geocodeCache)
        .values({ kind, query, result, createdAt })
        .onConflictDoUpdate({
          target: [geocodeCache.kind, geocodeCache.query],
          set: { result, createdAt },
        });
    },
  };
}

export type GeocodeCache = ReturnType<typeof createGeocodeCache>;
