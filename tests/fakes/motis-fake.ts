import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as polylineCodec from "@googlemaps/polyline-codec";

// Named under Vite (the package's `module`), only a default under Node's own loader (its UMD `main`).
const { encode } = (polylineCodec as { default?: typeof polylineCodec }).default ?? polylineCodec;
import {
  GARE_DE_LYON,
  METRO_LINES,
  PART_DIEU,
  STREET,
  TGV,
  cityOf,
  metres,
  type Line,
  type Point,
} from "./routing-network.ts";

/** `busy` 429 nginx HTML; `empty` 200 with no itinerary; `error` 500 `{error}`; `hang` no answer. */
export type MotisFault = "busy" | "empty" | "error" | "hang" | null;

export type MotisRequest = {
  path: string;
  from: Point | null;
  to: Point | null;
  time: string | null;
  userAgent: string | undefined;
  at: number;
};

type Leg = Record<string, unknown> & { startTime: string; endTime: string };

const MINUTE = 60_000;
const HEADWAY_MS = 4 * MINUTE;
/** MOTIS caps the walks to and from stations at 15 minutes, and skips transit under a 5-minute walk. */
const MAX_ACCESS_MS = 15 * MINUTE;
const DIRECT_WALK_MS = 5 * MINUTE;
const GENERIC_AGENTS = /^(node|undici|axios|python-requests|curl|got)\b/i;

const walkMs = (a: Point, b: Point) =>
  Math.round(((metres(a, b) * STREET.foot.detour) / STREET.foot.speed) * 1000);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const line = (points: Point[]) =>
  encode(
    points.map((p) => [p.lat, p.lng]),
    6,
  );

function send(res: ServerResponse, status: number, body: string, type = "application/json") {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/** Minutes east of UTC in Paris at an instant (CET or CEST). */
function parisOffsetMinutes(ms: number): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Paris",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"));
  return Math.round((local - Math.floor(ms / MINUTE) * MINUTE) / MINUTE);
}

function walkLeg(from: Point & { name: string }, to: Point & { name: string }, start: number): Leg {
  const ms = walkMs(from, to);
  return {
    mode: "WALK",
    from: { name: from.name, lat: from.lat, lon: from.lng, departure: iso(start) },
    to: { name: to.name, lat: to.lat, lon: to.lng, arrival: iso(start + ms) },
    startTime: iso(start),
    endTime: iso(start + ms),
    duration: Math.round(ms / 1000),
    distance: Math.round(metres(from, to) * STREET.foot.detour),
    legGeometry: { points: line([from, to]), precision: 6, length: 2 },
  };
}

function rideLeg(
  name: string,
  color: string,
  mode: string,
  stops: (Point & { name: string })[],
  start: number,
  end: number,
): Leg {
  const first = stops[0]!;
  const last = stops.at(-1)!;
  return {
    mode,
    from: {
      name: first.name,
      lat: first.lat,
      lon: first.lng,
      departure: iso(start),
      tz: "Europe/Paris",
    },
    to: { name: last.name, lat: last.lat, lon: last.lng, arrival: iso(end), tz: "Europe/Paris" },
    startTime: iso(start),
    endTime: iso(end),
    duration: Math.round((end - start) / 1000),
    displayName: name,
    routeShortName: name.split(" ").at(-1),
    headsign: last.name,
    agencyName: mode === "HIGHSPEED_RAIL" ? "SNCF" : "RATP",
    routeColor: color,
    ...(stops.length > 2 && {
      intermediateStops: stops.slice(1, -1).map((s) => ({ name: s.name })),
    }),
    legGeometry: { points: line(stops), precision: 6, length: stops.length },
  };
}

/** Riding a line from station i to j: 30 s a stop plus the way at 9 m/s. */
function ride(l: Line, i: number, j: number, start: number) {
  const step = i < j ? 1 : -1;
  const stops = [l.stations[i]!];
  let ms = 0;
  for (let k = i; k !== j; k += step) {
    ms += (metres(l.stations[k]!, l.stations[k + step]!) * 1.2 * 1000) / 9 + 30_000;
    stops.push(l.stations[k + step]!);
  }
  // Trains leave each station on the headway.
  const depart = Math.ceil(start / HEADWAY_MS) * HEADWAY_MS;
  const end = depart + Math.round(ms / 1000) * 1000;
  return { leg: rideLeg(l.name, l.color, l.mode, stops, depart, end), end };
}

/** The fastest way through one city by métro (one change at most), or null. */
function urban(
  from: Point & { name: string },
  to: Point & { name: string },
  start: number,
): Leg[] | null {
  let best: { legs: Leg[]; end: number } | null = null;
  const near = (p: Point) =>
    METRO_LINES.flatMap((l) =>
      l.stations.map((s, i) => ({ l, i, s })).filter(({ s }) => walkMs(p, s) <= MAX_ACCESS_MS),
    );
  for (const a of near(from))
    for (const b of near(to)) {
      const plans: [Line, number, number][][] = [];
      if (a.l === b.l && a.i !== b.i) plans.push([[a.l, a.i, b.i]]);
      if (a.l !== b.l) {
        const k = a.l.stations.findIndex((s) => b.l.stations.some((t) => t.name === s.name));
        const m = k < 0 ? -1 : b.l.stations.findIndex((t) => t.name === a.l.stations[k]!.name);
        if (k >= 0 && k !== a.i && m !== b.i)
          plans.push([
            [a.l, a.i, k],
            [b.l, m, b.i],
          ]);
      }
      for (const plan of plans) {
        const legs: Leg[] = [walkLeg(from, a.s, start)];
        let t = Date.parse(legs[0]!.endTime);
        for (const [l, i, j] of plan) {
          const r = ride(l, i, j, t);
          legs.push(r.leg);
          t = r.end;
        }
        const lastWalk = walkLeg(b.s, to, t);
        legs.push(lastWalk);
        const end = Date.parse(lastWalk.endTime);
        if (!best || end < best.end) best = { legs, end };
      }
    }
  return best?.legs ?? null;
}

/** A point's way to a station: on foot within 15 minutes, else by métro. */
function reach(from: Point & { name: string }, to: Point & { name: string }, start: number) {
  return walkMs(from, to) <= MAX_ACCESS_MS ? [walkLeg(from, to, start)] : urban(from, to, start);
}

/** Paris ↔ Lyon: to the station, the next TGV (Paris times, both ways alike), then on. */
function intercity(
  from: Point & { name: string },
  to: Point & { name: string },
  start: number,
  fromCity: string,
) {
  const [board, alight] =
    fromCity === "paris" ? [GARE_DE_LYON, PART_DIEU] : [PART_DIEU, GARE_DE_LYON];
  const access = reach(from, board, start);
  if (!access) return null;
  const atStation = Date.parse(access.at(-1)!.endTime);
  const offset = parisOffsetMinutes(atStation) * MINUTE;
  const localDay = Math.floor((atStation + offset) / (24 * 60 * MINUTE)) * 24 * 60 * MINUTE;
  for (let day = 0; day < 2; day++)
    for (let n = 0; n < TGV.departures; n++) {
      const depart =
        localDay +
        day * 24 * 60 * MINUTE -
        offset +
        (TGV.firstDepartureMinutes + n * TGV.everyMinutes) * MINUTE;
      if (depart < atStation) continue;
      const arrive = depart + TGV.rideMinutes * MINUTE;
      const egress = reach(alight, to, arrive);
      if (!egress) return null;
      // The walk to the station starts just in time for the train.
      const shift = depart - atStation;
      const shifted = access.map((leg) => shiftLeg(leg, shift));
      return [
        ...shifted,
        rideLeg(TGV.name(n), TGV.color, "HIGHSPEED_RAIL", [board, alight], depart, arrive),
        ...egress,
      ];
    }
  return null;
}

function shiftLeg(leg: Leg, ms: number): Leg {
  const move = (s: string) => iso(Date.parse(s) + ms);
  const from = leg.from as Record<string, unknown>;
  const to = leg.to as Record<string, unknown>;
  return {
    ...leg,
    startTime: move(leg.startTime),
    endTime: move(leg.endTime),
    from: { ...from, departure: move(from.departure as string) },
    to: { ...to, arrival: move(to.arrival as string) },
  };
}

/**
 * MOTIS 2 (`GET /api/v6/plan`, v2.11 as Transitous runs it) on 127.0.0.1, answered from the Paris and
 * Lyon network: coordinates latitude first, endpoints named START and END, `itineraries: []` when
 * nothing is found or a walk of 5 minutes or less does (MOTIS skips transit then), 400 `{error}` for a
 * time outside the timetable (30 days back to 365 ahead of `today`), 403 for a generic User-Agent.
 */
export async function startMotisFake(
  options: { today?: () => number; delayMs?: number; port?: number } = {},
) {
  const requests: MotisRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let fault: MotisFault = null;
  const today = options.today ?? Date.now;

  const readPlace = (value: string | null): Point | null => {
    const [lat, lng] = (value ?? "").split(",").map(Number);
    return Number.isFinite(lat) && Number.isFinite(lng) ? { lat: lat!, lng: lng! } : null;
  };

  const answer = (req: IncomingMessage, res: ServerResponse, url: URL, record: MotisRequest) => {
    const agent = req.headers["user-agent"];
    if (!agent || GENERIC_AGENTS.test(agent))
      return send(
        res,
        403,
        JSON.stringify({ error: "forbidden: set a User-Agent naming your application" }),
      );
    if (url.pathname !== "/api/v6/plan")
      return send(res, 404, JSON.stringify({ error: "not found" }));
    if (fault === "busy")
      return send(
        res,
        429,
        "<html><head><title>429 Too Many Requests</title></head><body><center><h1>429 Too Many Requests</h1></center><hr><center>nginx</center></body></html>",
        "text/html",
      );
    if (fault === "error") return send(res, 500, JSON.stringify({ error: "internal error" }));
    const { from, to, time } = record;
    const at = Date.parse(time ?? "");
    if (!from || !to || !Number.isFinite(at))
      return send(res, 400, JSON.stringify({ error: "bad request" }));
    if (at < today() - 30 * 24 * 60 * MINUTE || at > today() + 365 * 24 * 60 * MINUTE)
      return send(res, 400, JSON.stringify({ error: "time outside of the timetable" }));
    const start = { ...from, name: "START" };
    const end = { ...to, name: "END" };
    const fromCity = cityOf(from);
    const toCity = cityOf(to);
    let legs: Leg[] | null = null;
    if (fault !== "empty" && fromCity && toCity && walkMs(from, to) > DIRECT_WALK_MS)
      legs = fromCity === toCity ? urban(start, end, at) : intercity(start, end, at, fromCity);
    const itineraries = legs
      ? [
          {
            duration: Math.round(
              (Date.parse(legs.at(-1)!.endTime) - Date.parse(legs[0]!.startTime)) / 1000,
            ),
            startTime: legs[0]!.startTime,
            endTime: legs.at(-1)!.endTime,
            transfers: Math.max(0, legs.filter((l) => l.mode !== "WALK").length - 1),
            legs,
          },
        ]
      : [];
    send(
      res,
      200,
      JSON.stringify({
        requestParameters: {},
        debugOutput: {},
        from: { name: "START", lat: from.lat, lon: from.lng, level: 0, vertexType: "NORMAL" },
        to: { name: "END", lat: to.lat, lon: to.lng, level: 0, vertexType: "NORMAL" },
        direct: [],
        itineraries,
        previousPageCursor: "",
        nextPageCursor: "",
      }),
    );
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const record: MotisRequest = {
      path: `${url.pathname}${url.search}`,
      from: readPlace(url.searchParams.get("fromPlace")),
      to: readPlace(url.searchParams.get("toPlace")),
      time: url.searchParams.get("time"),
      userAgent: req.headers["user-agent"],
      at: Date.now(),
    };
    requests.push(record);
    if (fault === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (options.delayMs) setTimeout(() => answer(req, res, url, record), options.delayMs);
    else answer(req, res, url, record);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The TRANSIT_URL setting for this fake. */
    url: `http://127.0.0.1:${port}`,
    requests,
    setFault: (next: MotisFault) => {
      fault = next;
      if (next !== "hang") for (const res of hanging) res.destroy();
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MotisFake = Awaited<ReturnType<typeof startMotisFake>>;
