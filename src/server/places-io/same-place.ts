import { distanceKm } from "#shared/geo.ts";
import { DUPLICATE_DISTANCE_METERS } from "#shared/schemas/places-io.ts";

/** What two places are compared by: an activity of the trip or a place of the import. */
export type Comparable = {
  title: string;
  lat: number | null;
  lng: number | null;
  osmId: string | null;
  url: string | null;
};

const NAME_KEYS = new Map<string, string>();

/** A name compared without case, accents or punctuation (memoized: imports compare thousands). */
export function nameKey(title: string): string {
  let key = NAME_KEYS.get(title);
  if (key !== undefined) return key;
  key = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  if (NAME_KEYS.size > 20_000) NAME_KEYS.clear();
  NAME_KEYS.set(title, key);
  return key;
}

/** Links compared without their scheme, a trailing slash or `www.`. */
export const linkKey = (url: string) =>
  url
    .replace(/^https?:\/\/(www\.)?/i, "")
    .replace(/\/+$/, "")
    .toLowerCase();

/** The same place: the same OSM element, or the same link, or the same name within 50 m. */
export function samePlace(a: Comparable, b: Comparable): boolean {
  if (a.osmId && b.osmId) return a.osmId === b.osmId;
  if (a.url && b.url && linkKey(a.url) === linkKey(b.url)) return true;
  if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) return false;
  if (nameKey(a.title) !== nameKey(b.title)) return false;
  return (
    distanceKm({ lat: a.lat, lng: a.lng }, { lat: b.lat, lng: b.lng }) * 1000 <=
    DUPLICATE_DISTANCE_METERS
  );
}

/**
 * `into` with what it lacks taken from `from` (a position, the OSM place, a link, an address, a
 * note when it has none): its title and its note are never replaced.
 */
export function fillFrom<T extends Comparable & { note: string | null; address: string | null }>(
  into: T,
  from: Comparable & { note: string | null; address: string | null; matched?: string },
): T {
  const locate = into.lat === null && from.lat !== null && from.lng !== null;
  return {
    ...into,
    ...(locate ? { lat: from.lat, lng: from.lng } : {}),
    ...(locate && from.matched && "matched" in into ? { matched: from.matched } : {}),
    osmId: into.osmId ?? from.osmId,
    url: into.url ?? from.url,
    note: into.note ?? from.note,
    address: into.address ?? from.address,
  };
}
