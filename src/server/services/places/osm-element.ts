import { z } from "zod";
import { distanceKm } from "#shared/geo.ts";
import { isStorableText } from "#shared/schemas/safe-input.ts";
import type { LatLng, Place } from "./places-service.ts";

const lat = z.number().min(-90).max(90);
const lon = z.number().min(-180).max(180);
const tags = z.record(z.string(), z.string());

/** One element of an `out center tags` answer: nodes have lat/lon, ways and relations a centre. */
export const osmElementSchema = z.object({
  type: z.enum(["node", "way", "relation"]),
  id: z.number().int().positive(),
  lat: lat.optional(),
  lon: lon.optional(),
  center: z.object({ lat, lon }).optional(),
  tags: tags.optional(),
});
export type OsmElement = z.infer<typeof osmElementSchema>;

/**
 * The body of a 200 answer. Elements are checked one by one afterwards (a single odd element is
 * skipped, not the whole answer); `remark` carries Overpass's runtime errors.
 */
export const overpassResponseSchema = z.object({
  elements: z.array(z.unknown()),
  remark: z.string().optional(),
});

/** The elements worth keeping: well-formed, with a position and a non-empty name. */
export function namedElements(elements: readonly unknown[]): OsmElement[] {
  const kept: OsmElement[] = [];
  for (const raw of elements) {
    const parsed = osmElementSchema.safeParse(raw);
    if (!parsed.success) continue;
    const e = parsed.data;
    if (!e.tags?.name?.trim()) continue;
    if (e.lat === undefined && !e.center) continue;
    kept.push(e);
  }
  return kept;
}

// The first of these keys an element has names its kind ("tourism=museum" → "museum").
const KIND_KEYS = [
  "tourism",
  "historic",
  "amenity",
  "leisure",
  "shop",
  "natural",
  "sport",
  "building",
] as const;

function kindOf(t: Record<string, string>): string {
  for (const key of KIND_KEYS) {
    const value = t[key];
    if (value && value !== "yes") return value.replaceAll("_", " ");
  }
  if (t.heritage) return "heritage site";
  return "place";
}

function addressOf(t: Record<string, string>): string | null {
  if (t["addr:full"]?.trim()) return t["addr:full"].trim();
  const street = [t["addr:street"] ?? t["addr:place"], t["addr:housenumber"]]
    .filter(Boolean)
    .join(" ");
  const town = [t["addr:postcode"], t["addr:city"]].filter(Boolean).join(" ");
  const parts = [street, town].filter((p) => p.trim() !== "");
  return parts.length > 0 ? parts.join(", ") : null;
}

/** Only http(s) addresses reach the page (no `javascript:`); a bare domain gets https://. */
function websiteOf(t: Record<string, string>): string | null {
  const raw = (t.website ?? t["contact:website"] ?? t.url)?.trim();
  if (!raw) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(candidate);
    // The activity schema stores at most 500 characters.
    const ok = (url.protocol === "http:" || url.protocol === "https:") && url.href.length <= 500;
    return ok ? url.href : null;
  } catch {
    return null;
  }
}

export function isNotable(t: Record<string, string>): boolean {
  return Boolean(
    t.wikidata || t.wikipedia || t.tourism === "attraction" || t.heritage || t["heritage:operator"],
  );
}

/** A named element as a Place (call namedElements first). */
export function toPlace(e: OsmElement): Place {
  const t = e.tags ?? {};
  const point = e.center ?? { lat: e.lat ?? 0, lon: e.lon ?? 0 };
  const hours = t.opening_hours?.trim();
  return {
    osmId: `${e.type}/${e.id}`,
    name: (t.name ?? "").trim(),
    kind: kindOf(t),
    lat: point.lat,
    lng: point.lon,
    address: addressOf(t),
    // The activity schema stores at most 255 characters and no control characters; a value it
    // would refuse is not one we can trust.
    openingHours: hours && hours.length <= 255 && isStorableText(hours) ? hours : null,
    website: websiteOf(t),
    notable: isNotable(t),
    tags: t,
  };
}

/** Notable places first, then the nearest; ties by id so the order never wobbles. */
export function byNotabilityThenDistance(near: LatLng) {
  const km = new Map<string, number>();
  const distance = (p: Place) => {
    let d = km.get(p.osmId);
    if (d === undefined) km.set(p.osmId, (d = distanceKm(near, p)));
    return d;
  };
  return (a: Place, b: Place) =>
    Number(b.notable) - Number(a.notable) ||
    distance(a) - distance(b) ||
    a.osmId.localeCompare(b.osmId);
}
