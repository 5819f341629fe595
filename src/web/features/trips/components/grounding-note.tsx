import type { Day, Grounding } from "#shared/schemas/itinerary.ts";
import { groundingSummary, OSM_COPYRIGHT_URL } from "../place-info.ts";

/** The OpenStreetMap licence's attribution, wherever its data is shown. */
export function OsmAttribution({ className = "" }: { className?: string }) {
  return (
    <p className={`text-xs text-slate-600 ${className}`}>
      Place data{" "}
      <a href={OSM_COPYRIGHT_URL} className="text-brand-800 underline hover:no-underline">
        © OpenStreetMap contributors
      </a>
    </p>
  );
}

/**
 * The trip header's line about real places: how many of the plan's places were found on
 * OpenStreetMap, or why none could be had. Nothing for trips that were never checked.
 */
export function GroundingNote({ grounding, days }: { grounding: Grounding; days: readonly Day[] }) {
  const summary = groundingSummary(grounding, days);
  if (!summary.found && !summary.unavailable) return null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      {summary.found ? <p className="font-medium text-slate-800">{summary.found}</p> : null}
      {summary.unavailable ? (
        <p className="rounded-md bg-amber-50 p-2 text-amber-900">{summary.unavailable}</p>
      ) : null}
      {summary.showsOsmData ? <OsmAttribution /> : null}
    </div>
  );
}
