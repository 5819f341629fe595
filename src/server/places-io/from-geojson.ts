import type { Feature } from "geojson";
import {
  cleanAddress,
  cleanLine,
  cleanNote,
  cleanUrl,
  placeRecord,
  validPosition,
  type PlaceRecord,
  type SkippedRecord,
} from "./place-record.ts";

type Properties = Record<string, unknown>;

const objectOf = (value: unknown): Properties =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Properties) : {};

/** Our own export's stays, journeys and day lines: part of the trip, not places to bring back. */
export const isTripFrame = (feature: unknown) => {
  const kind = objectOf(objectOf(feature).properties).kind;
  return kind === "stay" || kind === "journey" || kind === "day-route";
};

/** A Point feature's position (GeoJSON is [lon, lat]); [0,0] is none. */
function pointOf(feature: Feature | { geometry?: unknown }): { lat: number; lng: number } | null {
  const geometry = objectOf(feature.geometry);
  if (geometry.type !== "Point" || !Array.isArray(geometry.coordinates)) return null;
  const [lng, lat] = geometry.coordinates as unknown[];
  return validPosition(lat, lng);
}

const NO_LOCATION = /^No location information is available for this saved place\.?$/i;

/** True for a Google Takeout feature (either key style of Saved Places.json, or Labeled places). */
export function isTakeoutFeature(feature: unknown): boolean {
  const p = objectOf(objectOf(feature).properties);
  return (
    "google_maps_url" in p ||
    "Google Maps URL" in p ||
    ("Title" in p && "Location" in p) ||
    ("location" in p && typeof p.location === "object")
  );
}

/**
 * A Takeout feature: older keys (`Title`, `Location.Business Name|Address|Geo Coordinates`,
 * `Google Maps URL`) or current ones (`location.name|address`, `google_maps_url`); Labeled places
 * carry `name` and `address`. [0,0] is "no location": the link's `q=lat,lng`, else unlocated.
 */
export function takeoutPlace(feature: unknown): PlaceRecord | null {
  const p = objectOf(objectOf(feature).properties);
  const old = objectOf(p.Location);
  const current = objectOf(p.location);
  const address = cleanAddress(old.Address ?? current.address ?? p.address);
  const title =
    cleanLine(p.Title) ??
    cleanLine(current.name) ??
    cleanLine(old["Business Name"]) ??
    cleanLine(p.name) ??
    address;
  if (!title) return null;
  const geo = objectOf(old["Geo Coordinates"]);
  const position =
    pointOf(objectOf(feature)) ?? validPosition(geo.Latitude ?? null, geo.Longitude ?? null);
  const comment = cleanNote(p.Comment ?? p.comment ?? p.Note ?? p.note);
  return placeRecord({
    title,
    // Takeout's own words for [0,0], not the traveller's note.
    note: comment && NO_LOCATION.test(comment) ? null : comment,
    url: cleanUrl(p["Google Maps URL"] ?? p.google_maps_url),
    position,
    address: address === title ? null : address,
  });
}

/**
 * A GeoJSON feature (ours, another app's, or togeojson's from KML and GPX): `name`/`title`,
 * `description`/`desc`/`note`, a link, an address. `lookup` what to do with one that has no point.
 */
export function geojsonPlace(
  feature: unknown,
  group: string | null,
  options: { addressLookup: boolean },
): PlaceRecord | null {
  const f = objectOf(feature);
  const p = objectOf(f.properties);
  const address = cleanAddress(p.address ?? p.Address);
  const title = cleanLine(p.name ?? p.title ?? p.Name ?? p.Title) ?? address;
  if (!title) return null;
  const link = objectOf(Array.isArray(p.links) ? p.links[0] : p.link);
  const position = pointOf(f);
  const geometry = objectOf(f.geometry);
  // A line or an area is not a place; a feature with no geometry (My Maps' address-only) may be.
  if (!position && f.geometry && geometry.type !== "Point") return null;
  return placeRecord({
    title,
    note: cleanNote(p.description ?? p.desc ?? p.note ?? p.notes),
    url: cleanUrl(p.url ?? p.link ?? link.href ?? p.website),
    position,
    address: address === title ? null : address,
    group,
    osmId:
      typeof p.osmId === "string" && /^(node|way|relation)\/\d+$/.test(p.osmId) ? p.osmId : null,
    lookup: options.addressLookup && address ? "address" : null,
  });
}

/** A FeatureCollection (or one Feature) of Takeout places or other GeoJSON points. */
export function readGeoJson(json: unknown): { places: PlaceRecord[]; skipped: SkippedRecord[] } {
  const root = objectOf(json);
  const features: unknown[] =
    root.type === "FeatureCollection" && Array.isArray(root.features)
      ? root.features
      : root.type === "Feature"
        ? [root]
        : [];
  const takeout = features.some(isTakeoutFeature);
  const places: PlaceRecord[] = [];
  const skipped: SkippedRecord[] = [];
  features.forEach((feature, index) => {
    if (isTripFrame(feature)) return;
    const place = takeout
      ? takeoutPlace(feature)
      : geojsonPlace(feature, null, { addressLookup: true });
    if (place) places.push(place);
    else if (!isLine(feature))
      skipped.push({ line: index + 1, reason: "No name, no address and no point." });
  });
  return { places, skipped };
}

/** Lines (our own day routes, a GPX track) are left out quietly: they are not places. */
function isLine(feature: unknown): boolean {
  const type = objectOf(objectOf(feature).geometry).type;
  return type === "LineString" || type === "MultiLineString";
}
