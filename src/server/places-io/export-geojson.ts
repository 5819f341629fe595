import type { Feature, FeatureCollection, Geometry } from "geojson";
import { journeyText, located, osmLink, type ExportTrip } from "./export-trip.ts";

/** What a feature of ours is; the importer leaves stays, journeys and day lines out. */
export const EXPORT_KINDS = ["activity", "stay", "journey", "day-route"] as const;

/**
 * A FeatureCollection: each activity (a Point, or no geometry when it is not located, with its
 * place kept as `address`), each stay, and each day's line through its located activities in
 * order. The lines are straight between places: the trip holds no street routes to draw.
 */
export function tripGeoJson(trip: ExportTrip): FeatureCollection<Geometry | null> {
  const features: Feature<Geometry | null>[] = [];
  trip.itinerary.days.forEach((day, index) => {
    for (const a of day.activities) {
      features.push({
        type: "Feature",
        geometry: located(a) ? { type: "Point", coordinates: [a.lng!, a.lat!] } : null,
        properties: {
          kind: "activity",
          name: a.activity,
          description: a.description || null,
          address: a.location,
          date: day.date,
          time: a.time,
          cost: a.cost,
          osmId: a.osmId,
          url: a.website ?? osmLink(a.osmId),
        },
      });
    }
    const points = day.activities.filter(located);
    if (points.length >= 2)
      features.push({
        type: "Feature",
        geometry: { type: "LineString", coordinates: points.map((a) => [a.lng!, a.lat!]) },
        properties: { kind: "day-route", name: `Day ${index + 1} (${day.date})`, date: day.date },
      });
  });
  for (const stay of trip.stays)
    features.push({
      type: "Feature",
      geometry: located(stay) ? { type: "Point", coordinates: [stay.lng!, stay.lat!] } : null,
      properties: {
        kind: "stay",
        name: stay.name,
        address: stay.address,
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        reference: stay.reference,
      },
    });
  for (const journey of trip.transport)
    features.push({
      type: "Feature",
      geometry: null,
      properties: {
        kind: "journey",
        name: journeyText(journey),
        departAt: journey.departAt,
        departZone: journey.departZone,
        arriveAt: journey.arriveAt,
        arriveZone: journey.arriveZone,
        reference: journey.reference,
      },
    });
  return { type: "FeatureCollection", features };
}
