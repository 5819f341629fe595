import type { Folder, F, Root } from "@tmcw/togeojson";
import { foldersToKML } from "@placemarkio/tokml";
import { journeyText, located, osmLink, type ExportTrip } from "./export-trip.ts";

const feature = (
  geometry: F["geometry"],
  properties: Record<string, string | number | null>,
): F => ({
  type: "Feature",
  geometry,
  // tokml writes every property but name and description as ExtendedData; nulls are left out.
  properties: Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== null)),
});

const folder = (name: string, children: F[]): Folder => ({
  type: "folder",
  meta: { name },
  children,
});

/**
 * KML (through tokml, which escapes): a folder per day with its activities in order, placemarks
 * with their notes as descriptions (an unlocated one keeps its place as `address`), then the stays
 * and the journeys.
 */
export function tripKml(trip: ExportTrip): string {
  const days = trip.itinerary.days.map((day, index) =>
    folder(
      `Day ${index + 1} (${day.date})`,
      day.activities.map((a) =>
        feature(located(a) ? { type: "Point", coordinates: [a.lng!, a.lat!] } : null, {
          name: a.activity,
          description: a.description || null,
          kind: "activity",
          address: a.location,
          date: day.date,
          time: a.time,
          cost: a.cost,
          osmId: a.osmId,
          url: a.website ?? osmLink(a.osmId),
        }),
      ),
    ),
  );
  const stays = trip.stays.map((stay) =>
    feature(located(stay) ? { type: "Point", coordinates: [stay.lng!, stay.lat!] } : null, {
      name: stay.name,
      description: `Check-in ${stay.checkIn}, check-out ${stay.checkOut}`,
      kind: "stay",
      address: stay.address,
      reference: stay.reference,
    }),
  );
  const journeys = trip.transport.map((journey) =>
    feature(null, {
      name: journeyText(journey),
      description: `${journey.departAt} (${journey.departZone}) → ${journey.arriveAt} (${journey.arriveZone})`,
      kind: "journey",
      reference: journey.reference,
    }),
  );
  const root: Root = {
    type: "root",
    children: [
      folder(trip.name || trip.destination, [
        ...days,
        ...(stays.length ? [folder("Stays", stays)] : []),
        ...(journeys.length ? [folder("Journeys", journeys)] : []),
      ] as unknown as F[]),
    ],
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${foldersToKML(root)}`;
}
