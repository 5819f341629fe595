import type { Activity } from "#shared/schemas/itinerary.ts";
import { osmUrl, safeWebsite, websiteHost } from "../place-info.ts";
import type { LocalCosts } from "../local-cost.ts";
import type { PlaceHours } from "../use-place-hours.ts";

/** What an activity's place line needs from its trip. */
export type PlaceContext = {
  /** The trip's places were checked against OpenStreetMap (verified or partial): "not found" applies. */
  checked: boolean;
  /** The trip tried real places (grounding not "off"): its costs are the planner's estimates. */
  estimatedCosts: boolean;
  /** Undefined until the hours library has loaded (or when no place has hours). */
  hours: PlaceHours | undefined;
  /** The local currency beside USD ("$25 · ≈ €23"); absent where the page has no rates. */
  local?: LocalCosts;
};

const linkStyles = "text-brand-800 underline hover:no-underline";

/**
 * Under an activity: its OpenStreetMap page, the hours on that day and its website when it was
 * matched to a real place; "Not found on OpenStreetMap" when it was checked and not matched.
 */
export function ActivityPlace({
  activity,
  date,
  context,
}: {
  activity: Pick<Activity, "activity" | "osmId" | "openingHours" | "website">;
  date: string;
  context: PlaceContext;
}) {
  const osm = osmUrl(activity.osmId);
  if (!osm) {
    return context.checked ? (
      <p className="mt-1 text-xs text-slate-600">Not found on OpenStreetMap</p>
    ) : null;
  }
  const website = safeWebsite(activity.website);
  // No hours: say so at once. Hours to read: nothing until the library is here, never a guess.
  const hours =
    activity.openingHours === null
      ? "Hours unknown"
      : (context.hours?.hoursOn(activity.openingHours, date) ?? null);
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
      <a href={osm} target="_blank" rel="noopener noreferrer" className={linkStyles}>
        On OpenStreetMap<span className="sr-only">: {activity.activity} (opens in a new tab)</span>
      </a>
      {hours ? <span>{hours}</span> : null}
      {website ? (
        <a
          href={website}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className={`${linkStyles} break-all`}
        >
          <span className="sr-only">Website of {activity.activity}: </span>
          {websiteHost(website)}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </p>
  );
}
