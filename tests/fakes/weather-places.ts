import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeCondition = "Clear" | "Clouds" | "Rain" | "Snow";

/** The places both weather fakes know, with five days of weather each (°C at the day's first entry). */
export type FakePlace = {
  name: string;
  /** ISO 3166-1 alpha-2, as both services' `country`/`country_code` carry it. */
  country: string;
  /** The English country name Open-Meteo's geocoding gives as `country`. */
  countryName: string;
  state?: string;
  lat: number;
  lon: number;
  timezone: string;
  offsetSeconds: number;
  dailyC: [number, number, number, number, number];
  conditions: [FakeCondition, FakeCondition, FakeCondition, FakeCondition, FakeCondition];
};

export const FAKE_PLACES: FakePlace[] = [
  {
    name: "Paris",
    country: "FR",
    countryName: "France",
    state: "Ile-de-France",
    lat: 48.8588897,
    lon: 2.320041,
    timezone: "Europe/Paris",
    offsetSeconds: 3600,
    dailyC: [12, 14.5, 9, 16, 21.25],
    conditions: ["Clear", "Rain", "Clouds", "Clear", "Clear"],
  },
  {
    name: "Lyon",
    country: "FR",
    countryName: "France",
    state: "Auvergne-Rhone-Alpes",
    lat: 45.7578137,
    lon: 4.8320114,
    timezone: "Europe/Paris",
    offsetSeconds: 3600,
    dailyC: [9, 11, 7, 13, 15],
    conditions: ["Clouds", "Clear", "Rain", "Clear", "Clouds"],
  },
  {
    name: "Marseille",
    country: "FR",
    countryName: "France",
    state: "Provence-Alpes-Cote d'Azur",
    lat: 43.2961743,
    lon: 5.3699525,
    timezone: "Europe/Paris",
    offsetSeconds: 3600,
    dailyC: [15, 16, 14, 17, 18],
    conditions: ["Clear", "Clear", "Clouds", "Clear", "Rain"],
  },
  {
    name: "Tokyo",
    country: "JP",
    countryName: "Japan",
    lat: 35.6828387,
    lon: 139.7594549,
    timezone: "Asia/Tokyo",
    offsetSeconds: 32400,
    dailyC: [18, 20, 22, 19, 25],
    conditions: ["Clear", "Clouds", "Clear", "Rain", "Clear"],
  },
  {
    name: "Oslo",
    country: "NO",
    countryName: "Norway",
    lat: 59.9133301,
    lon: 10.7389701,
    timezone: "Europe/Oslo",
    offsetSeconds: 3600,
    dailyC: [-5, -2, 0, 1, -8],
    conditions: ["Snow", "Clouds", "Clouds", "Clear", "Snow"],
  },
  {
    name: "New York",
    country: "US",
    countryName: "United States",
    state: "New York",
    lat: 40.7127281,
    lon: -74.0060152,
    timezone: "America/New_York",
    offsetSeconds: -18000,
    dailyC: [5, 8, 10, 3, 15],
    conditions: ["Clouds", "Clear", "Rain", "Clear", "Clouds"],
  },
  // Where a whole trip's party starts (issue 47).
  {
    name: "Boston",
    country: "US",
    countryName: "United States",
    state: "Massachusetts",
    lat: 42.3600825,
    lon: -71.0588801,
    timezone: "America/New_York",
    offsetSeconds: -18000,
    dailyC: [2, 4, 1, 6, 3],
    conditions: ["Clouds", "Snow", "Clear", "Clear", "Rain"],
  },
];

export function findPlaceByName(
  query: string,
  more: readonly FakePlace[] = [],
): FakePlace | undefined {
  const name = query.split(",")[0]?.trim().toLowerCase();
  return [...FAKE_PLACES, ...more].find((p) => p.name.toLowerCase() === name);
}

export function findPlaceByCoords(
  lat: number,
  lon: number,
  more: readonly FakePlace[] = [],
): FakePlace | undefined {
  return [...FAKE_PLACES, ...more].find(
    (p) => Math.abs(p.lat - lat) < 0.01 && Math.abs(p.lon - lon) < 0.01,
  );
}

/** Faults a test can switch on: no answer at all, a body of the wrong shape, or a 500. */
export type WeatherFault = "hang" | "wrong-shape" | "server-error" | "rate-limited";

export type FakeHandler = (url: URL, res: ServerResponse) => void;

/** A loopback HTTP server with call counters and injectable faults, shared by both weather fakes. */
export async function startJsonFake(
  routes: Record<string, FakeHandler>,
  options: { port?: number } = {},
) {
  const calls: Record<string, number> = Object.fromEntries(Object.keys(routes).map((k) => [k, 0]));
  const hanging = new Set<ServerResponse>();
  let fault: WeatherFault | null = null;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const handler = routes[url.pathname];
    if (!handler || req.method !== "GET") {
      sendJson(res, 404, { cod: "404", message: "Internal error" });
      return;
    }
    calls[url.pathname] = (calls[url.pathname] ?? 0) + 1;
    if (fault === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (fault === "server-error") {
      sendJson(res, 500, { cod: 500, message: "Internal server error" });
      return;
    }
    if (fault === "rate-limited") {
      sendJson(res, 429, { error: true, reason: "Too many requests" });
      return;
    }
    if (fault === "wrong-shape") {
      sendJson(res, 200, { unexpected: true, list: "not a list", results: [{ name: 1 }] });
      return;
    }
    handler(url, res);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    setFault(next: WeatherFault | null) {
      fault = next;
    },
    resetCalls() {
      for (const key of Object.keys(calls)) calls[key] = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}
