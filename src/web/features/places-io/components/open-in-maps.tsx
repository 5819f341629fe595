import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import {
  appleDirectionsUrl,
  directionsToUrl,
  googleDirectionsUrl,
  osmDirectionsUrl,
} from "#shared/maps-links.ts";

const stopOf = (a: Activity) => ({ title: a.location || a.activity, lat: a.lat, lng: a.lng });
const linkClass = "text-brand-800 underline-offset-2 hover:underline";

/** "Open in maps": directions through the day's places in order, in three map apps. */
export function OpenInMaps({ day, label }: { day: Day; label: string }) {
  const stops = day.activities.map(stopOf);
  const links = [
    ["Google Maps", googleDirectionsUrl(stops)],
    ["Apple Maps", appleDirectionsUrl(stops)],
    ["OpenStreetMap", osmDirectionsUrl(stops)],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  if (links.length === 0) return null;
  return (
    <nav aria-label={`Open ${label} in maps`} className="flex flex-wrap gap-x-3 text-sm">
      <span className="text-slate-700">Open in maps:</span>
      {links.map(([name, href]) => (
        <a key={name} href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {name}
        </a>
      ))}
    </nav>
  );
}

/** One activity's "Directions" (Google Maps, from wherever the traveller is). */
export function DirectionsLink({ activity }: { activity: Activity }) {
  const href = directionsToUrl(stopOf(activity));
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${linkClass} text-sm`}
      aria-label={`Directions to ${activity.activity}`}
    >
      Directions
    </a>
  );
}
