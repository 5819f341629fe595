/**
 * The street and transit network the OSRM and MOTIS fakes answer from: Paris and Lyon, the métro
 * lines of each, and the TGV between them. Small on purpose, but every answer is computed from it
 * (no canned replies), so tests can place activities anywhere in either city.
 */
export type Point = { lat: number; lng: number };
export type Station = Point & { name: string };
export type Line = { name: string; color: string; mode: "SUBWAY"; stations: Station[] };

export const PARIS_CENTRE: Point = { lat: 48.8566, lng: 2.3522 };
export const LYON_CENTRE: Point = { lat: 45.764, lng: 4.8357 };
/** Places further than this from both centres are off the network (null cells, NoRoute, no journey). */
export const CITY_RADIUS_M = 25_000;

const s = (name: string, lat: number, lng: number): Station => ({ name, lat, lng });

export const GARE_DE_LYON = s("Paris Gare de Lyon", 48.8443, 2.373);
export const PART_DIEU = s("Lyon Part-Dieu", 45.7606, 4.8594);

export const METRO_LINES: Line[] = [
  {
    name: "Métro 1",
    color: "FFCD00",
    mode: "SUBWAY",
    stations: [
      s("La Défense", 48.8918, 2.238),
      s("Charles de Gaulle – Étoile", 48.8738, 2.295),
      s("Concorde", 48.8656, 2.3212),
      s("Palais Royal – Musée du Louvre", 48.8625, 2.3364),
      s("Châtelet", 48.8584, 2.347),
      s("Hôtel de Ville", 48.8573, 2.352),
      s("Bastille", 48.8531, 2.3691),
      s("Gare de Lyon", 48.8443, 2.373),
      s("Nation", 48.8483, 2.396),
      s("Château de Vincennes", 48.8443, 2.44),
    ],
  },
  {
    name: "Métro 4",
    color: "C04191",
    mode: "SUBWAY",
    stations: [
      s("Porte de Clignancourt", 48.8975, 2.3445),
      s("Gare du Nord", 48.8809, 2.3553),
      s("Châtelet", 48.8584, 2.347),
      s("Saint-Michel", 48.8535, 2.3441),
      s("Odéon", 48.852, 2.3389),
      s("Saint-Germain-des-Prés", 48.8539, 2.3336),
      s("Montparnasse – Bienvenüe", 48.843, 2.3237),
      s("Mairie de Montrouge", 48.8185, 2.3196),
    ],
  },
  {
    name: "Métro A",
    color: "EE3897",
    mode: "SUBWAY",
    stations: [
      s("Perrache", 45.7485, 4.8258),
      s("Bellecour", 45.7578, 4.832),
      s("Cordeliers", 45.7633, 4.8357),
      s("Hôtel de Ville – Louis Pradel", 45.7676, 4.8364),
      s("Foch", 45.7688, 4.8443),
      s("Masséna", 45.7695, 4.8531),
      s("Charpennes", 45.7706, 4.8631),
    ],
  },
  {
    name: "Métro B",
    color: "0065B0",
    mode: "SUBWAY",
    stations: [
      s("Charpennes", 45.7706, 4.8631),
      s("Brotteaux", 45.7667, 4.8594),
      s("Part-Dieu", 45.7606, 4.8594),
      s("Place Guichard", 45.7597, 4.8475),
      s("Saxe – Gambetta", 45.7538, 4.8474),
      s("Jean Macé", 45.7454, 4.8421),
    ],
  },
];

/** The TGV between the two cities: one every two hours from 06:04 (Paris time), 1 h 56 min. */
export const TGV = {
  name: (departureIndex: number) => `TGV INOUI ${6601 + 6 * departureIndex}`,
  firstDepartureMinutes: 6 * 60 + 4,
  everyMinutes: 120,
  departures: 8,
  rideMinutes: 116,
  color: "9B2743",
};

export function metres(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** Which city a point is in, or null off the network. */
export function cityOf(p: Point): "paris" | "lyon" | null {
  if (metres(p, PARIS_CENTRE) <= CITY_RADIUS_M) return "paris";
  if (metres(p, LYON_CENTRE) <= CITY_RADIUS_M) return "lyon";
  return null;
}

/** Street speeds of the fake OSRM (m/s) and how much longer streets are than the straight line. */
export const STREET = {
  foot: { speed: 1.35, detour: 1.3 },
  bike: { speed: 4.2, detour: 1.3 },
  car: { speed: 8.3, detour: 1.25 },
  /** Between cities by car: motorway. */
  carBetweenCities: { speed: 27.8, detour: 1.25 },
} as const;

/**
 * The fake OSRM's way from a to b on a profile's graph: walking and cycling stay inside a city, the
 * car graph joins both; null when there is none.
 */
export function streetWay(
  profile: "foot" | "bike" | "car",
  a: Point,
  b: Point,
): { seconds: number; meters: number } | null {
  const from = cityOf(a);
  const to = cityOf(b);
  if (!from || !to) return null;
  if (from !== to && profile !== "car") return null;
  const pace = from !== to ? STREET.carBetweenCities : STREET[profile];
  const meters = Math.round(metres(a, b) * pace.detour * 10) / 10;
  return { meters, seconds: Math.round((meters / pace.speed) * 10) / 10 };
}
