import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { placesCache } from "../../db/schema.ts";
import type { OsmElement } from "./osm-element.ts";
import type { LatLng } from "./places-service.ts";

/** How long an answer is used before it is asked again: places change slowly, opening hours do too. */
export const PLACES_CACHE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The destination's point rounded to 3 decimals (about 100 m): the cache key, and the point every
 * query is made around, so a cached answer is exactly the answer for its key. Two trips to "Lisbon"
 * resolve to the same point and share it.
 */
export function destinationPoint(near: LatLng): { key: string; point: LatLng } {
  const lat = Number(near.lat.toFixed(3));
  const lng = Number(near.lng.toFixed(3));
  return { key: `${lat.toFixed(3)},${lng.toFixed(3)}`, point: { lat, lng } };
}

/** The cache key of a search by name: lower-cased, spaces collapsed. */
export const nameKey = (text: string) =>
  `name:${text.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim()}`;

export type CachedAnswer = { elements: unknown[]; fetchedAt: Date; fresh: boolean };

/** Overpass answers in the database, shared by every instance and kept across restarts. */
export function createPlacesCache(db: Db, now: () => number = Date.now) {
  const answer = (row: { elements: unknown[]; fetchedAt: Date }): CachedAnswer => ({
    elements: Array.isArray(row.elements) ? row.elements : [],
    fetchedAt: row.fetchedAt,
    fresh: now() - row.fetchedAt.getTime() < PLACES_CACHE_TTL_MS,
  });
  return {
    /** The stored answers for these interests (fresh or not), by interest. */
    async getMany(destination: string, interests: readonly string[]) {
      const found = new Map<string, CachedAnswer>();
      if (interests.length === 0) return found;
      const rows = await db
        .select()
        .from(placesCache)
        .where(
          and(eq(placesCache.destination, destination), inArray(placesCache.interest, interests)),
        );
      for (const row of rows) found.set(row.interest, answer(row));
      return found;
    },
    /** Every stored answer for the destination (for a search that may be answered from them). */
    async getAll(destination: string) {
      const rows = await db
        .select()
        .from(placesCache)
        .where(eq(placesCache.destination, destination));
      return new Map(rows.map((row) => [row.interest, answer(row)]));
    },
    async put(destination: string, interest: string, elements: readonly OsmElement[]) {
      const fetchedAt = new Date(now());
      const stored = [...elements];
      await db
        .insert(placesCache)
        .values({ destination, interest, elements: stored, fetchedAt })
        .onConflictDoUpdate({
          target: [placesCache.destination, placesCache.interest],
          set: { elements: stored, fetchedAt },
        });
    },
  };
}

export type PlacesCache = ReturnType<typeof createPlacesCache>;
