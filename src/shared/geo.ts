// Distances and travel times from coordinates alone: no routing service, so they are straight lines
// at a walking or riding speed, rough on purpose.

export const WALKING_SPEED_KMH = 4.5;
/** Up to this straight-line distance a traveller walks; further, they ride (taxi, bus, metro). */
export const WALKING_MAX_KM = 2;
export const RIDING_SPEED_KMH = 25;
const EARTH_RADIUS_KM = 6371;

export type Point = { lat: number; lng: number };

/** Straight-line (great-circle, haversine) distance in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  // min(1, …) guards against rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes a straight-line distance takes: walking up to WALKING_MAX_KM, riding beyond. Not rounded. */
export function travelMinutes(km: number): number {
  const speed = km <= WALKING_MAX_KM ? WALKING_SPEED_KMH : RIDING_SPEED_KMH;
  return (km / speed) * 60;
}
