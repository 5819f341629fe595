import { z } from "zod";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import { fetchGeoJson, GeocoderError } from "./fetch-geo-json.ts";
import type { LatLng } from "./geo-service.ts";

/** Activities further than this from the destination are not theirs (a namesake elsewhere). */
export const SEARCH_RADIUS_KM = 60;
const KM_PER_DEGREE = 111.32;

// jsonv2: an array of places, best first, with lat/lon as decimal STRINGS; [] when nothing matches.
const searchSchema = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string().optional(),
  }),
);

/** The box of ±SEARCH_RADIUS_KM around a point, as Nominatim's `viewbox=<x1>,<y1>,<x2>,<y2>` (lon/lat). */
export function viewboxAround(near: LatLng): string {
  const dLat = SEARCH_RADIUS_KM / KM_PER_DEGREE;
  const cos = Math.max(0.01, Math.cos((near.lat * Math.PI) / 180));
  const dLng = Math.min(180, SEARCH_RADIUS_KM / (KM_PER_DEGREE * cos));
  const clamp = (v: number, max: number) => Math.max(-max, Math.min(max, v));
  const round = (v: number) => Number(v.toFixed(5));
  return [
    round(clamp(near.lng - dLng, 180)),
    round(clamp(near.lat + dLat, 90)),
    round(clamp(near.lng + dLng, 180)),
    round(clamp(near.lat - dLat, 90)),
  ].join(",");
}

/** The cache key of an activity lookup: its text and the destination it was searched near. */
export const activityQuery = (location: string, near: TripPlace) =>
  `${near.lat.toFixed(3)},${near.lng.toFixed(3)}|${location.trim().replace(/\s+/g, " ").toLowerCase()}`;

/** One Nominatim `/search`, bounded to the destination's area. */
export async function searchNominatim(
  baseUrl: string,
  location: string,
  near: TripPlace,
  options: { timeoutMs: number; signal: AbortSignal; userAgent: string },
): Promise<LatLng | null> {
  // A base URL may carry a path (https://example.org/nominatim/): `search` is resolved inside it.
  const url = new URL("search", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  url.searchParams.set("q", location);
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("limit", "1");
  url.searchParams.set("viewbox", viewboxAround(near));
  url.searchParams.set("bounded", "1");
  url.searchParams.set("accept-language", "en");
  const body = await fetchGeoJson("nominatim", url, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    headers: { "User-Agent": options.userAgent },
  });
  const parsed = searchSchema.safeParse(body);
  if (!parsed.success) throw new GeocoderError("nominatim", 200, { cause: parsed.error });
  const first = parsed.data[0];
  return first ? { lat: first.lat, lng: first.lon } : null;
}
