import { XMLBuilder } from "fast-xml-parser";
import { instantOf, located, osmLink, type ExportTrip } from "./export-trip.ts";

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  suppressEmptyNode: true,
  // Text and attributes are escaped (& < > " '): a title can never open an element.
  processEntities: true,
});

const round = (n: number) => Math.round(n * 1e7) / 1e7;

/**
 * GPX 1.1: each located activity a waypoint (its start time, its note, its place's link), each day
 * a route through its located activities in order.
 */
export function tripGpx(trip: ExportTrip): string {
  const wpt = trip.itinerary.days.flatMap((day) =>
    day.activities.filter(located).map((a) => {
      const time = instantOf(trip, day, a);
      const link = a.website ?? osmLink(a.osmId);
      return {
        "@_lat": round(a.lat!),
        "@_lon": round(a.lng!),
        ...(time ? { time } : {}),
        name: a.activity,
        ...(a.description ? { desc: a.description } : {}),
        ...(link ? { link: { "@_href": link } } : {}),
        ...(a.location !== a.activity ? { cmt: a.location } : {}),
        type: day.date,
      };
    }),
  );
  const rte = trip.itinerary.days
    .map((day, index) => ({ day, index, points: day.activities.filter(located) }))
    .filter(({ points }) => points.length > 0)
    .map(({ day, index, points }) => ({
      name: `Day ${index + 1} (${day.date})`,
      rtept: points.map((a) => ({
        "@_lat": round(a.lat!),
        "@_lon": round(a.lng!),
        name: a.activity,
        ...(a.description ? { desc: a.description } : {}),
      })),
    }));
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    gpx: {
      "@_version": "1.1",
      "@_creator": "Boundless",
      "@_xmlns": "http://www.topografix.com/GPX/1/1",
      metadata: { name: trip.name || trip.destination },
      wpt,
      rte,
    },
  });
}
