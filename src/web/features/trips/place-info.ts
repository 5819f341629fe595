import type { Day, Grounding } from "#shared/schemas/itinerary.ts";
import { OSM_ID_PATTERN } from "#shared/constants.ts";

export const OSM_COPYRIGHT_URL = "https://www.openstreetmap.org/copyright";

/** The element's page on openstreetmap.org, or null for anything that is not an OSM id. */
export const osmUrl = (osmId: string | null) =>
  osmId !== null && OSM_ID_PATTERN.test(osmId) ? `https://www.openstreetmap.org/${osmId}` : null;

/** A website fit to link to: http or https only (never javascript: or data:), else null. */
export function safeWebsite(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The website's host without "www.", as a short link text ("louvre.fr"). */
export const websiteHost = (href: string) => new URL(href).hostname.replace(/^www\./, "");

/**
 * Whether the trip's places were checked against OpenStreetMap, so an unmatched one may be called
 * "not found". Trips saved before real places and servers with them off ("off") say nothing; nor do
 * trips planned while OpenStreetMap could not be reached ("unavailable"): nothing was looked up, and
 * the header gives the reason instead.
 */
export const placesWereChecked = (grounding: Grounding) =>
  grounding.status === "verified" || grounding.status === "partial";

/** Whether the planner's costs are its estimates for real places (any trip that tried them). */
export const costsAreEstimates = (grounding: Grounding) => grounding.status !== "off";

export type GroundingSummary = {
  /** "11 of 12 places found on OpenStreetMap", from the itinerary as it is now. */
  found: string | null;
  /** Why real places could not be had, for the traveller. */
  unavailable: string | null;
  /** OSM data is on the page: its attribution must be too. */
  showsOsmData: boolean;
};

/** The trip header's line about real places, counted from the current days (edits included). */
export function groundingSummary(grounding: Grounding, days: readonly Day[]): GroundingSummary {
  const activities = days.flatMap((d) => d.activities);
  const verified = activities.filter((a) => a.osmId !== null).length;
  const showsOsmData =
    verified > 0 || grounding.status === "verified" || grounding.status === "partial";
  const total = activities.length;
  return {
    found: showsOsmData
      ? `${verified} of ${total} ${total === 1 ? "place" : "places"} found on OpenStreetMap`
      : null,
    unavailable:
      grounding.status === "unavailable"
        ? `Planned without real places: ${grounding.reason ?? "OpenStreetMap could not be reached."}`
        : grounding.status === "partial" && grounding.reason
          ? `Some places could not be checked: ${grounding.reason}`
          : null,
    showsOsmData,
  };
}
