/*
 * The saved-places files the imports part reads (issue 50), made at bench time rather than checked
 * in: a Google Takeout "Saved Places.json" at the import's limit of 2,000 places, and a 5 MB GPX as
 * a GPS writes one (waypoints, and a long recorded track whose unnamed points are not places).
 */

/** The Takeout JSON of today's key style, `count` places spread over Paris, a few unlocated. */
export function takeoutSavedPlaces(count = 2000): string {
  const features = Array.from({ length: count }, (_, i) => {
    const unlocated = i % 50 === 49; // Google gives [0,0] for places it has no position for
    const lng = 2.25 + (i % 40) * 0.004;
    const lat = 48.82 + Math.floor(i / 40) * 0.002;
    return {
      type: "Feature",
      geometry: { type: "Point", coordinates: unlocated ? [0, 0] : [lng, lat] },
      properties: {
        date: "2024-05-01T10:00:00Z",
        google_maps_url: `http://maps.google.com/?cid=${1_000_000_000 + i}`,
        location: {
          name: `Saved place ${i + 1} · café & musée`,
          address: `${i + 1} Rue de l'Exemple, 75001 Paris, France`,
          country_code: "FR",
        },
      },
    };
  });
  return JSON.stringify({ type: "FeatureCollection", features }, null, 1);
}

/** A GPX 1.1 of `waypoints` named points and one track padded with unnamed points to `bytes`. */
export function largeGpx(bytes = 5 * 1024 * 1024, waypoints = 1500): string {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench" xmlns="http://www.topografix.com/GPX/1/1">\n`;
  const points = Array.from(
    { length: waypoints },
    (_, i) =>
      `  <wpt lat="${(38.7 + (i % 50) * 0.001).toFixed(6)}" lon="${(-9.15 + Math.floor(i / 50) * 0.001).toFixed(6)}"><time>2026-05-04T09:00:00Z</time><name>Waypoint ${i + 1}</name><desc>Note for point ${i + 1} &amp; more</desc></wpt>\n`,
  ).join("");
  const trackHead = "  <trk><name>Recorded walk</name><trkseg>\n";
  const tail = "  </trkseg></trk>\n</gpx>\n";
  const track: string[] = [];
  let size = head.length + points.length + trackHead.length + tail.length;
  for (let i = 0; size < bytes; i++) {
    const point = `   <trkpt lat="${(38.7 + (i % 1000) * 0.00001).toFixed(6)}" lon="${(-9.14 + (i % 997) * 0.00001).toFixed(6)}"><ele>${(40 + (i % 30)).toFixed(1)}</ele><time>2026-05-04T10:00:00Z</time></trkpt>\n`;
    track.push(point);
    size += point.length;
  }
  return head + points + trackHead + track.join("") + tail;
}
