/** The box the card's picture is drawn in (SVG units; it scales to the card's width). */
const WIDTH = 160;
const HEIGHT = 72;
const PAD = 10;

/**
 * A trip's activities as dots joined in visit order, on a plain background: a picture of the trip
 * drawn from its own data, with no map tiles fetched (the CSP allows only the trip page's tile server,
 * and a list of cards should not load tiles). Longitudes are narrowed by the latitude's cosine so
 * a city keeps its shape.
 */
export function projectPoints(points: readonly (readonly [number, number])[]) {
  if (points.length === 0) return [];
  const lats = points.map(([lat]) => lat);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const squeeze = Math.cos((midLat * Math.PI) / 180);
  const xs = points.map(([, lng]) => lng * squeeze);
  const ys = points.map(([lat]) => -lat);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  // One scale for both axes (no stretching); a single spot sits in the middle.
  const span = Math.max(
    maxX - minX,
    (maxY - minY) * ((WIDTH - 2 * PAD) / (HEIGHT - 2 * PAD)),
    1e-9,
  );
  const scale = (WIDTH - 2 * PAD) / span;
  const offsetX = (WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (HEIGHT - (maxY - minY) * scale) / 2;
  return xs.map((x, i) => ({
    x: Math.round((offsetX + (x - minX) * scale) * 10) / 10,
    y: Math.round((offsetY + ((ys[i] ?? 0) - minY) * scale) * 10) / 10,
  }));
}

export function TripCardMap({
  points,
  destination,
}: {
  points: readonly (readonly [number, number])[];
  destination: string;
}) {
  const dots = projectPoints(points);
  const label =
    dots.length === 0
      ? `${destination}: no places on the map yet`
      : `Map of ${dots.length === 1 ? "1 place" : `${dots.length} places`} in ${destination}`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="bg-brand-50 h-20 w-full rounded-lg"
      preserveAspectRatio="xMidYMid meet"
    >
      {/* A faint grid: reads as a map, not as a chart. */}
      {[0.25, 0.5, 0.75].map((f) => (
        <g key={f} className="stroke-brand-100" strokeWidth="1">
          <line x1={0} x2={WIDTH} y1={HEIGHT * f} y2={HEIGHT * f} />
          <line x1={WIDTH * f} x2={WIDTH * f} y1={0} y2={HEIGHT} />
        </g>
      ))}
      {dots.length === 0 ? (
        // A map pin: the trip has no located place yet.
        <path
          d={`M${WIDTH / 2} ${HEIGHT / 2 + 14}c-7-9-11-15-11-21a11 11 0 0 1 22 0c0 6-4 12-11 21z`}
          className="fill-brand-600"
        />
      ) : (
        <>
          {dots.length > 1 ? (
            <polyline
              points={dots.map((d) => `${d.x},${d.y}`).join(" ")}
              fill="none"
              strokeWidth="1.5"
              strokeLinejoin="round"
              className="stroke-brand-600"
              opacity="0.6"
            />
          ) : null}
          {dots.map((d, i) => (
            <circle key={i} cx={d.x} cy={d.y} r="3.5" className="fill-brand-700 stroke-white" />
          ))}
        </>
      )}
    </svg>
  );
}
