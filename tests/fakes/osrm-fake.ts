import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as polylineCodec from "@googlemaps/polyline-codec";

// Named under Vite (the package's `module`), only a default under Node's own loader (its UMD `main`).
const { encode } = (polylineCodec as { default?: typeof polylineCodec }).default ?? polylineCodec;
import { streetWay, type Point } from "./routing-network.ts";

/**
 * How the fake misbehaves, as the FOSSGIS servers do: `busy` 429 with an HTML page (over the pace);
 * `invalid-options` 200 whose code is InvalidOptions; `null-cells` a table of nulls; `no-route` 400
 * NoRoute for every route; `hang` never answers.
 */
export type OsrmFault = "busy" | "invalid-options" | "null-cells" | "no-route" | "hang" | null;

export type OsrmRequest = {
  service: "table" | "route" | "other";
  profile: string;
  /** Points in the order asked. */
  points: Point[];
  path: string;
  userAgent: string | undefined;
  /** Date.now() when the request came in. */
  at: number;
};

const GENERIC_AGENTS = /^(node|undici|axios|python-requests|curl|got)\b/i;

function send(res: ServerResponse, status: number, body: string, type = "application/json") {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}
const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, JSON.stringify(body));

/** `lon,lat;lon,lat` → points (longitude first), or null when a pair does not read. */
function readPoints(list: string): Point[] | null {
  const points = list.split(";").map((pair) => {
    const [lng, lat] = pair.split(",").map(Number);
    return { lat: lat!, lng: lng! };
  });
  return points.every((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng)) ? points : null;
}

/**
 * OSRM HTTP API v1 on 127.0.0.1 as routing.openstreetmap.de serves it (WIRE-FORMATS.md): one base per
 * profile, `/routed-{foot|bike|car}`, with `GET …/table/v1/{p}/{coords}?annotations=duration,distance`
 * and `GET …/route/v1/{p}/{coords}?overview=full&geometries=polyline6`, answered from the Paris and
 * Lyon network (routing-network.ts). A coordinate of 0,0 is a 200 with InvalidOptions; a generic
 * User-Agent is a 403. `requests` records every request; `delayMs` holds each answer that long.
 */
export async function startOsrmFake(options: { delayMs?: number; port?: number } = {}) {
  const requests: OsrmRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let fault: OsrmFault = null;

  const answer = (req: IncomingMessage, res: ServerResponse, url: URL, record: OsrmRequest) => {
    if (!req.headers["user-agent"] || GENERIC_AGENTS.test(req.headers["user-agent"]))
      return send(res, 403, "<html><body><h1>403 Forbidden</h1></body></html>", "text/html");
    const match = /^\/routed-(foot|bike|car)\/(table|route)\/v1\/[a-z]+\/([^/]+)$/.exec(
      url.pathname,
    );
    if (!match) return json(res, 400, { code: "InvalidUrl", message: "URL string malformed" });
    const [, profile, service, list] = match as unknown as [
      string,
      "foot" | "bike" | "car",
      string,
      string,
    ];
    const points = readPoints(decodeURIComponent(list));
    if (!points) return json(res, 400, { code: "InvalidQuery", message: "Query string malformed" });
    record.service = service as "table" | "route";
    record.profile = profile;
    record.points = points;
    if (fault === "busy")
      return send(
        res,
        429,
        "<html><head><title>429 Too Many Requests</title></head></html>",
        "text/html",
      );
    if (fault === "invalid-options" || points.some((p) => p.lat === 0 && p.lng === 0))
      return json(res, 200, { code: "InvalidOptions", message: "Coordinate is invalid" });
    if (service === "table") {
      if (points.length > 100)
        return json(res, 400, { code: "TooBig", message: "Too many table coordinates" });
      const ways = points.map((a, i) =>
        points.map((b, j) => (i === j ? { seconds: 0, meters: 0 } : streetWay(profile, a, b))),
      );
      const cells = fault === "null-cells";
      return json(res, 200, {
        code: "Ok",
        durations: ways.map((row) => row.map((w) => (cells ? null : (w?.seconds ?? null)))),
        distances: ways.map((row) => row.map((w) => (cells ? null : (w?.meters ?? null)))),
        sources: points.map((p) => ({
          hint: "",
          distance: 1.2,
          name: "",
          location: [p.lng, p.lat],
        })),
        destinations: points.map((p) => ({
          hint: "",
          distance: 1.2,
          name: "",
          location: [p.lng, p.lat],
        })),
      });
    }
    const legs = points.slice(1).map((b, i) => streetWay(profile, points[i]!, b));
    if (fault === "no-route" || legs.some((leg) => leg === null))
      return json(res, 400, { code: "NoRoute", message: "Impossible route between points" });
    const duration = legs.reduce((sum, leg) => sum + leg!.seconds, 0);
    const distance = legs.reduce((sum, leg) => sum + leg!.meters, 0);
    return json(res, 200, {
      code: "Ok",
      routes: [
        {
          geometry: encode(
            points.map((p) => [p.lat, p.lng]),
            6,
          ),
          legs: legs.map((leg) => ({
            duration: leg!.seconds,
            distance: leg!.meters,
            steps: [],
            summary: "",
            weight: leg!.seconds,
          })),
          duration,
          distance,
          weight_name: "routability",
          weight: duration,
        },
      ],
      waypoints: points.map((p) => ({
        hint: "",
        distance: 1.2,
        name: "",
        location: [p.lng, p.lat],
      })),
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const record: OsrmRequest = {
      service: "other",
      profile: "",
      points: [],
      path: `${url.pathname}${url.search}`,
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
  const origin = `http://127.0.0.1:${port}`;
  return {
    /** The ROUTING_URL setting for this fake. */
    url: `${origin}/routed-{profile}`,
    requests,
    setFault: (next: OsrmFault) => {
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

export type OsrmFake = Awaited<ReturnType<typeof startOsrmFake>>;
