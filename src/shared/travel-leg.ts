import { formatDuration, formatKm } from "./format.ts";
import type { Travel } from "./schemas/travel.ts";

/*
 * How a leg reads wherever it is shown (the page, the print view, the shared page, the calendar
 * file): "Walk · 12 min · 900 m", "Métro 1 → Métro 4 · 25 min · leaves 14:05", "Taxi · 18 min",
 * with "estimated" when no router gave it (issue 46).
 */

const MODE_LABELS: Record<Travel["mode"], string> = {
  walk: "Walk",
  transit: "Transit",
  bike: "Bike",
  drive: "Drive",
};

/** "900 m" under a kilometre (to 10 m), "2.4 km" beyond. */
export function formatMeters(meters: number): string {
  return meters < 1000 ? `${Math.round(meters / 10) * 10} m` : formatKm(meters / 1000);
}

/** The mode as the leg's label says it: the lines for transit, "Taxi" for a taxi. */
export const legLabel = (travel: Travel) =>
  (travel.mode === "transit" || travel.mode === "drive") && travel.summary
    ? travel.summary
    : MODE_LABELS[travel.mode];

export function legText(travel: Travel): string {
  const parts = [legLabel(travel), formatDuration(travel.minutes)];
  // A taxi's or a train's distance says little; a walk's or a ride of one's own says how far.
  if (travel.meters !== null && travel.mode !== "transit" && travel.summary !== "Taxi")
    parts.push(formatMeters(travel.meters));
  if (travel.departAt) parts.push(`leaves ${travel.departAt}`);
  if (travel.source === "estimate") parts.push("estimated");
  return parts.join(" · ");
}

/** The day's time on the move: every leg reaching one of its activities. */
export const dayTravelMinutes = (day: { activities: readonly { travel?: Travel | null }[] }) =>
  day.activities.reduce((sum, a) => sum + (a.travel?.minutes ?? 0), 0);

/** Transit results link their sources wherever they are shown (Transitous' terms). */
export const TRANSIT_SOURCES_URL = "https://transitous.org/sources/";

/** The history line of a transit leg filled in after its save: the page reads the trip again. */
export const TRAVEL_TIMES_SUMMARY = "Worked out travel times";

/** What a day says while some of its transit legs are still being asked (after the save). */
export const TRAVEL_PENDING_MESSAGE = "Working out travel times…";
