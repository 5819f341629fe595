import type { Day, Grounding, TripPlace } from "#shared/schemas/itinerary.ts";
import { dayStopIndexes } from "#shared/trip-stop-days.ts";
import type { MapCity, MapIdea, MapStay } from "#web/lib/trip/trip-slots.ts";
import { distanceKm } from "#shared/geo.ts";
import { serviceFailureWords } from "#shared/service-failure.ts";

export type LatLng = { lat: number; lng: number };
/** A located activity of the selected day: `number` is its place in the day's visit order. */
export type MapStop = LatLng & { id: string; number: number; name: string };
/** What the map shows for one day, and what it says when it cannot show the day's stops. */
export type DayMapView = {
  stops: MapStop[];
  /** The other days' located activities, drawn fainter and not interactive. */
  others: (LatLng & { id: string })[];
  /** Where to look when the day has no located stop: the destination, or nothing at all. */
  fallback: LatLng | null;
  notice: string | null;
  /** Every city of a trip with several stops, in order: joined by a line (the overview). */
  route: (LatLng & { name: string })[];
  /** The shown day's cities (two on a transfer day). */
  cities: (LatLng & { name: string })[];
  /** The stays of the shown day's cities that could be placed. */
  stays: (LatLng & { id: string; name: string })[];
  /** The trip's ideas that have a place, on every day (issue 49). */
  ideas: MapIdea[];
};

/** An idea's marker name, e.g. "Idea: Musée Rodin". */
export const ideaLabel = (idea: { name: string }) => `Idea: ${idea.name}`;

/** A stay's marker name, e.g. "Stay: Hôtel des Célestins". */
export const stayLabel = (stay: { name: string }) => `Stay: ${stay.name}`;

const located = <T extends { lat: number | null; lng: number | null }>(a: T): a is T & LatLng =>
  a.lat !== null && a.lng !== null;

/**
 * The map of day `dayIndex`. Numbers follow the list (visit order), counting every activity, so
 * "3" on the map is the third activity in the list even when the second one is not located.
 */
export function dayMapView(input: {
  days: readonly Day[];
  dayIndex: number;
  place: TripPlace | null;
  destination: string;
  offlinePlanner: boolean;
  /** Whether real places were had, and which service failed if one did (the notice says so). */
  grounding?: Grounding | undefined;
  stops?: readonly MapCity[] | undefined;
  stays?: readonly MapStay[] | undefined;
  ideas?: readonly MapIdea[] | undefined;
}): DayMapView {
  const { days, dayIndex, place } = input;
  const day = days[dayIndex];
  const stops: MapStop[] = (day?.activities ?? []).flatMap((a, i) =>
    located(a) ? [{ id: a.id, number: i + 1, name: a.activity, lat: a.lat, lng: a.lng }] : [],
  );
  const others = days
    .filter((_, i) => i !== dayIndex)
    .flatMap((d) =>
      d.activities.filter(located).map((a) => ({ id: a.id, lat: a.lat, lng: a.lng })),
    );
  const cityList = input.stops ?? [];
  const placed = cityList.flatMap((c, index) =>
    c.place ? [{ index, name: c.destination, lat: c.place.lat, lng: c.place.lng }] : [],
  );
  const route = cityList.length > 1 ? placed.map(({ name, lat, lng }) => ({ name, lat, lng })) : [];
  const todays = day ? dayStopIndexes(day) : [];
  const cities =
    cityList.length > 1
      ? placed
          .filter((c) => todays.includes(c.index))
          .map(({ name, lat, lng }) => ({ name, lat, lng }))
      : [];
  const stays = (input.stays ?? []).flatMap((s) =>
    s.lat !== null && s.lng !== null && (cityList.length < 2 || todays.includes(s.stopIndex))
      ? [{ id: s.id, name: s.name, lat: s.lat, lng: s.lng }]
      : [],
  );
  // A day in another city than the first looks there when it has nothing placed.
  const fallback = cities[0] ?? (place ? { lat: place.lat, lng: place.lng } : null);
  return {
    stops,
    others,
    fallback: fallback ? { lat: fallback.lat, lng: fallback.lng } : null,
    notice: stops.length > 0 ? null : noticeFor(input),
    route,
    cities,
    stays,
    ideas: [...(input.ideas ?? [])],
  };
}

function noticeFor({
  days,
  dayIndex,
  place,
  destination,
  offlinePlanner,
  grounding,
}: Parameters<typeof dayMapView>[0]): string {
  const day = days[dayIndex];
  const anyLocated = days.some((d) => d.activities.some(located));
  const where = place ? `Showing ${place.name} instead.` : "";
  // A service that did not answer is said as such: never "we could not find" a city that exists.
  const failure = grounding?.serviceFailure;
  if (failure && !anyLocated) {
    if (grounding.status === "unavailable" && grounding.reason)
      return `${grounding.reason} ${where}`.trim();
    if (!place)
      return `“${destination}” could not be placed on the map (${serviceFailureWords(failure)}).`;
  }
  if (!place && !anyLocated) return `We could not find “${destination}” on the map.`;
  if (!anyLocated && offlinePlanner)
    return `The offline planner does not place stops on the map. ${where}`.trim();
  if (!day || day.activities.length === 0)
    return `Nothing planned for this day yet. ${where}`.trim();
  return `None of this day’s stops could be placed on the map. ${where}`.trim();
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * Leaflet writes attributions as HTML, so the configured text is escaped first. OpenStreetMap's
 * licence asks for a link to its copyright page, so its name becomes that link. The pins are
 * OpenStreetMap data whatever the tiles are, so a credit that does not name it gains it.
 */
export function attributionHtml(text: string): string {
  const escaped = escapeHtml(text);
  if (escaped.includes("OpenStreetMap")) return escaped.replace("OpenStreetMap", OSM_LINK);
  return `${escaped ? `${escaped} | ` : ""}Places © ${OSM_LINK} contributors`;
}

/** The marker's accessible name, e.g. "1. Louvre Museum" (the same words as the list). */
export const stopLabel = (stop: Pick<MapStop, "number" | "name">) => `${stop.number}. ${stop.name}`;

/** Six decimals (about 10 cm): enough for a pin placed by hand, and no float dust in the PATCH. */
export const roundPoint = ({ lat, lng }: LatLng): LatLng => ({
  lat: Math.round(lat * 1e6) / 1e6,
  lng: Math.round((((((lng + 180) % 360) + 360) % 360) - 180) * 1e6) / 1e6,
});

/** Stops closer than this share a spot on the map at the zoom a day is shown at (icons are 30 px). */
const SAME_SPOT_KM = 0.06;
const SPREAD_PX = 17;

/**
 * Pixel offsets that keep markers from hiding each other: stops at the same spot (the same place
 * twice, lunch next door) are set around a small circle, each still pointing at its place. Pixels,
 * not coordinates, so they stay apart at every zoom. Stops alone at their spot get [0, 0].
 */
export function markerOffsets(stops: readonly LatLng[]): [number, number][] {
  const groups: number[][] = [];
  const groupOf: number[] = [];
  stops.forEach((stop, i) => {
    const found = groups.findIndex((g) =>
      g.some((j) => {
        const other = stops[j];
        return other !== undefined && distanceKm(stop, other) < SAME_SPOT_KM;
      }),
    );
    if (found === -1) groupOf[i] = groups.push([i]) - 1;
    else {
      groups[found]?.push(i);
      groupOf[i] = found;
    }
  });
  return stops.map((_, i) => {
    const group = groups[groupOf[i] ?? 0] ?? [i];
    if (group.length < 2) return [0, 0];
    const angle = (2 * Math.PI * group.indexOf(i)) / group.length - Math.PI / 2;
    return [Math.round(Math.cos(angle) * SPREAD_PX), Math.round(Math.sin(angle) * SPREAD_PX)];
  });
}
