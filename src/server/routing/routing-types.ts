/** A point of a leg: latitude and longitude in degrees. */
export type LatLng = { lat: number; lng: number };

/** The OSRM graphs the public servers run, one base URL each. */
export type StreetProfile = "foot" | "bike" | "car";
export const STREET_PROFILES: readonly StreetProfile[] = ["foot", "bike", "car"];

/** One cell of a table: seconds and metres, or null when the router found no way between them. */
export type StreetCell = { seconds: number; meters: number } | null;

/** A table over n points: `cells[i][j]` is the way from point i to point j (null on the diagonal). */
export type StreetMatrix = { cells: StreetCell[][] };

/** A route through points in order: its geometry (polyline, precision 6) and one entry per leg. */
export type StreetRoute = {
  geometry: string;
  legs: { seconds: number; meters: number }[];
};

/** One ride or walk of a transit journey, as the operator names it (`displayName`, "TGV INOUI 6613"). */
export type TransitRide = {
  /** MOTIS's mode: "WALK", "BUS", "SUBWAY", "HIGHSPEED_RAIL", … */
  mode: string;
  /** The line as shown to travellers; empty for walks. */
  name: string;
  from: string;
  to: string;
  /** ISO instants. */
  departAt: string;
  arriveAt: string;
  meters?: number;
  color?: string;
  /** Polyline of precision 6, when given. */
  geometry?: string;
};

/** One itinerary from MOTIS, scheduled from its start and end times (a leg's duration may differ). */
export type TransitJourney = {
  departAt: string;
  arriveAt: string;
  seconds: number;
  transfers: number;
  rides: TransitRide[];
};

/** How long a caller may wait for the pace before it takes the estimate instead. */
export type AskOptions = {
  signal?: AbortSignal;
  maxWaitMs?: number;
  /** Told when no slot was free within `maxWaitMs` (the answer is null then, nothing was asked). */
  onPacedOut?: () => void;
};

/**
 * The routers behind the app: each answer is the router's (cached or asked), or null when it could
 * not be had (off, paced out, a timeout, a 429, an error): the caller keeps its estimate then.
 */
export type Routing = {
  readonly street: boolean;
  readonly transit: boolean;
  /** Every ordered pair of `points` in one request per profile (and none when all are cached). */
  table(
    profile: StreetProfile,
    points: LatLng[],
    options?: AskOptions,
  ): Promise<StreetMatrix | null>;
  /** The way through `points` in order, for a day's geometry. */
  route(
    profile: StreetProfile,
    points: LatLng[],
    options?: AskOptions,
  ): Promise<StreetRoute | null>;
  /** Journeys leaving `from` at `departAt`: [] when MOTIS found none (it skips very short walks). */
  plan(
    from: LatLng,
    to: LatLng,
    departAt: Date,
    options?: AskOptions,
  ): Promise<TransitJourney[] | null>;
};
