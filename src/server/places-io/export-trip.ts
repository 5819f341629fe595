import type { Activity, Day, TripPlace } from "#shared/schemas/itinerary.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { zonedToEpoch } from "#shared/zoned-time.ts";

/** What an export reads of a trip (a member's whole trip, or a public one without the private parts). */
export type ExportTrip = {
  id: string;
  name: string;
  destination: string;
  itinerary: { days: Day[] };
  place: TripPlace | null;
  stops: TripStop[];
  stays: Stay[];
  transport: Transport[];
};

/** The shared page's export: no booking references, no costs. */
export function publicExport(trip: ExportTrip): ExportTrip {
  return {
    ...trip,
    itinerary: {
      days: trip.itinerary.days.map((day) => ({
        ...day,
        activities: day.activities.map((a) => ({ ...a, cost: null })),
      })),
    },
    stays: trip.stays.map((stay) => ({ ...stay, reference: null })),
    transport: trip.transport.map((journey) => ({ ...journey, reference: null })),
  };
}

/** The IANA zone an activity's time is in: its stop's, else the trip's. */
export function zoneOf(trip: ExportTrip, day: Day, activity: Activity): string | null {
  const stop = trip.stops[activityStopIndex(activity, day)];
  return stop?.place?.timezone ?? trip.place?.timezone ?? null;
}

/** The activity's start as an ISO instant (GPX `time`), when its zone is known. */
export function instantOf(trip: ExportTrip, day: Day, activity: Activity): string | null {
  const zone = zoneOf(trip, day, activity);
  const epoch = zone ? zonedToEpoch(`${day.date}T${activity.time}`, zone) : null;
  return epoch === null ? null : new Date(epoch).toISOString().replace(/\.000Z$/, "Z");
}

export const located = (a: { lat: number | null; lng: number | null }) =>
  a.lat !== null && a.lng !== null;

/** The place's page on OpenStreetMap when it was matched to one. */
export const osmLink = (osmId: string | null) =>
  osmId ? `https://www.openstreetmap.org/${osmId}` : null;

/** "Paris 3 days" → "paris-3-days": the downloaded file's name. */
export function exportFileName(trip: ExportTrip, extension: string): string {
  const base = (trip.name || trip.destination)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "trip"}.${extension}`;
}

/** A journey in words: "Train Paris → Lyon, 2026-06-03 09:00 – 11:00". */
export function journeyText(journey: Transport): string {
  const mode = journey.mode.charAt(0).toUpperCase() + journey.mode.slice(1);
  const what = [journey.carrier, journey.number].filter(Boolean).join(" ");
  return `${mode}${what ? ` ${what}` : ""} ${journey.from} → ${journey.to}`;
}
