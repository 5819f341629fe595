/*
 * "Open in maps": directions through a day's places in order, in the public URL forms of Google
 * Maps (maps/dir/?api=1), Apple Maps (maps.apple.com ?saddr/&daddr with "to:" stops) and
 * OpenStreetMap (directions?route=lat,lng;lat,lng). A located place goes as its coordinates (the
 * exact spot); an unlocated one as its name, which Google and Apple search for.
 */

export type MapsStop = { title: string; lat: number | null; lng: number | null };

const point = (s: MapsStop) =>
  s.lat !== null && s.lng !== null ? `${s.lat.toFixed(6)},${s.lng.toFixed(6)}` : null;
const spot = (s: MapsStop) => point(s) ?? s.title;

/** Google Maps allows an origin, a destination and up to 9 waypoints in its URL. */
export const GOOGLE_MAX_WAYPOINTS = 9;

export function googleDirectionsUrl(stops: readonly MapsStop[]): string | null {
  if (stops.length === 0) return null;
  const url = new URL("https://www.google.com/maps/dir/");
  url.searchParams.set("api", "1");
  if (stops.length === 1) {
    url.searchParams.set("destination", spot(stops[0]!));
    return url.href;
  }
  const [first, ...rest] = stops;
  const last = rest.pop()!;
  url.searchParams.set("origin", spot(first!));
  url.searchParams.set("destination", spot(last));
  if (rest.length)
    url.searchParams.set("waypoints", rest.slice(0, GOOGLE_MAX_WAYPOINTS).map(spot).join("|"));
  return url.href;
}

export function appleDirectionsUrl(stops: readonly MapsStop[]): string | null {
  if (stops.length === 0) return null;
  const url = new URL("https://maps.apple.com/");
  if (stops.length === 1) {
    url.searchParams.set("daddr", spot(stops[0]!));
    return url.href;
  }
  const [first, ...rest] = stops;
  url.searchParams.set("saddr", spot(first!));
  url.searchParams.set(
    "daddr",
    rest.map((s, i) => (i === 0 ? spot(s) : `to:${spot(s)}`)).join(" "),
  );
  return url.href;
}

/** OpenStreetMap routes between coordinates only: the day's located places. */
export function osmDirectionsUrl(stops: readonly MapsStop[]): string | null {
  const points = stops.map(point).filter((p): p is string => p !== null);
  if (points.length === 0) return null;
  if (points.length === 1) return `https://www.openstreetmap.org/directions?to=${points[0]}`;
  return `https://www.openstreetmap.org/directions?engine=fossgis_osrm_foot&route=${points.join(";")}`;
}

/** One activity's "Directions": from where the traveller is to it (Google Maps decides the start). */
export const directionsToUrl = (stop: MapsStop) => googleDirectionsUrl([stop]);
