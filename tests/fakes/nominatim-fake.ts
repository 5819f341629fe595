import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A named place the fake geocoder knows, near one of the destinations the tests use. */
export type NominatimPlace = {
  name: string;
  /** Lower-case words any of which, found in `q`, match this place. */
  matches: string[];
  lat: number;
  lon: number;
  osmType: "node" | "way" | "relation";
  osmId: number;
  category: string;
  type: string;
  displayName: string;
};

export const NOMINATIM_PLACES: NominatimPlace[] = [
  {
    name: "Louvre Museum",
    matches: ["louvre"],
    lat: 48.8611473,
    lon: 2.3380277,
    osmType: "relation",
    osmId: 7515426,
    category: "tourism",
    type: "museum",
    displayName:
      "Louvre Museum, Rue de Rivoli, Quartier Saint-Germain-l'Auxerrois, 1st Arrondissement, Paris, Île-de-France, Metropolitan France, 75001, France",
  },
  {
    name: "Musée d'Orsay",
    matches: ["orsay"],
    lat: 48.8599614,
    lon: 2.3265614,
    osmType: "way",
    osmId: 54405344,
    category: "tourism",
    type: "museum",
    displayName:
      "Musée d'Orsay, 1, Rue de la Légion d'Honneur, 7th Arrondissement, Paris, Île-de-France, Metropolitan France, 75007, France",
  },
  {
    name: "Sainte-Chapelle",
    matches: ["sainte-chapelle", "sainte chapelle"],
    lat: 48.8553928,
    lon: 2.3450039,
    osmType: "way",
    osmId: 24322027,
    category: "amenity",
    type: "place_of_worship",
    displayName:
      "Sainte-Chapelle, 8, Boulevard du Palais, Île de la Cité, 1st Arrondissement, Paris, Île-de-France, Metropolitan France, 75001, France",
  },
  {
    name: "Eiffel Tower",
    matches: ["eiffel"],
    lat: 48.8582599,
    lon: 2.2945006,
    osmType: "way",
    osmId: 5013364,
    category: "man_made",
    type: "tower",
    displayName:
      "Eiffel Tower, 5, Avenue Anatole France, Gros-Caillou, 7th Arrondissement, Paris, Île-de-France, Metropolitan France, 75007, France",
  },
  {
    name: "Montmartre",
    matches: ["montmartre", "sacré-cœur", "sacre-coeur"],
    lat: 48.8867148,
    lon: 2.3388895,
    osmType: "relation",
    osmId: 2394627,
    category: "place",
    type: "quarter",
    displayName: "Montmartre, Paris, Île-de-France, Metropolitan France, 75018, France",
  },
  {
    name: "Panthéon",
    matches: ["panthéon", "pantheon"],
    lat: 48.8462218,
    lon: 2.3464138,
    osmType: "way",
    osmId: 23186464,
    category: "historic",
    type: "monument",
    displayName:
      "Panthéon, Place du Panthéon, Quartier de la Sorbonne, 5th Arrondissement, Paris, Île-de-France, Metropolitan France, 75005, France",
  },
  {
    name: "Basilique Notre-Dame de Fourvière",
    matches: ["fourvière", "fourviere"],
    lat: 45.7622581,
    lon: 4.8226288,
    osmType: "way",
    osmId: 23409424,
    category: "amenity",
    type: "place_of_worship",
    displayName:
      "Basilique Notre-Dame de Fourvière, Place de Fourvière, Fourvière, Lyon 5e Arrondissement, Lyon, Métropole de Lyon, Auvergne-Rhône-Alpes, France métropolitaine, 69005, France",
  },
  {
    name: "Musée des Confluences",
    matches: ["confluences"],
    lat: 45.7326881,
    lon: 4.8181954,
    osmType: "way",
    osmId: 173463436,
    category: "tourism",
    type: "museum",
    displayName:
      "Musée des Confluences, 86, Quai Perrache, La Confluence, Lyon 2e Arrondissement, Lyon, Métropole de Lyon, Auvergne-Rhône-Alpes, France métropolitaine, 69002, France",
  },
  {
    name: "Notre-Dame de la Garde",
    matches: ["notre-dame de la garde", "la garde"],
    lat: 43.2839533,
    lon: 5.3712377,
    osmType: "way",
    osmId: 26946467,
    category: "amenity",
    type: "place_of_worship",
    displayName:
      "Basilique Notre-Dame-de-la-Garde, Rue Fort du Sanctuaire, Notre-Dame-du-Mont, 6e Arrondissement, Marseille, Bouches-du-Rhône, Provence-Alpes-Côte d'Azur, France métropolitaine, 13006, France",
  },
  {
    name: "Senso-ji",
    matches: ["senso-ji", "sensoji"],
    lat: 35.7147651,
    lon: 139.7966553,
    osmType: "way",
    osmId: 36912930,
    category: "amenity",
    type: "place_of_worship",
    displayName: "Senso-ji, Asakusa, Taito, Tokyo, 111-0032, Japan",
  },
  {
    name: "Meiji Jingu",
    matches: ["meiji"],
    lat: 35.6763976,
    lon: 139.6993259,
    osmType: "way",
    osmId: 23718318,
    category: "amenity",
    type: "place_of_worship",
    displayName: "Meiji Jingu, Yoyogi Kamizonocho, Shibuya, Tokyo, 151-8557, Japan",
  },
  {
    name: "Vigeland Park",
    matches: ["vigeland"],
    lat: 59.9270155,
    lon: 10.7009178,
    osmType: "way",
    osmId: 4240537,
    category: "leisure",
    type: "park",
    displayName: "Vigelandsparken, Frogner, Oslo, 0268, Norway",
  },
  {
    name: "Central Park",
    matches: ["central park"],
    lat: 40.7827725,
    lon: -73.9653627,
    osmType: "relation",
    osmId: 2552450,
    category: "leisure",
    type: "park",
    displayName: "Central Park, Manhattan, New York County, New York, United States",
  },
];

export type NominatimRequest = {
  /** Date.now() when the request arrived. */
  at: number;
  path: string;
  query: Record<string, string>;
  userAgent: string | undefined;
};

export type NominatimFault = "server-error" | "hang";

/** The place whose words `q` contains and, with `bounded=1`, that lies inside `viewbox`. */
export function findNominatimPlace(q: string, viewbox: string | null, bounded: boolean) {
  const text = q.toLowerCase();
  const box = viewbox?.split(",").map(Number);
  return NOMINATIM_PLACES.find((p) => {
    if (!p.matches.some((word) => text.includes(word))) return false;
    if (!bounded || !box || box.length !== 4 || box.some((n) => !Number.isFinite(n))) return true;
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = box;
    return (
      p.lon >= Math.min(x1, x2) &&
      p.lon <= Math.max(x1, x2) &&
      p.lat >= Math.min(y1, y2) &&
      p.lat <= Math.max(y1, y2)
    );
  });
}

/** Nominatim's jsonv2 place: lat/lon (and the bounding box) as decimal strings. */
function jsonv2(place: NominatimPlace, index: number) {
  const d = 0.0015;
  return {
    place_id: 100_000 + index,
    licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
    osm_type: place.osmType,
    osm_id: place.osmId,
    lat: place.lat.toFixed(7),
    lon: place.lon.toFixed(7),
    category: place.category,
    type: place.type,
    place_rank: 30,
    importance: 0.62,
    addresstype: place.category,
    name: place.name,
    display_name: place.displayName,
    boundingbox: [
      (place.lat - d).toFixed(7),
      (place.lat + d).toFixed(7),
      (place.lon - d).toFixed(7),
      (place.lon + d).toFixed(7),
    ],
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Access-Control-Allow-Origin": "*",
  });
  res.end(text);
}

/**
 * A Nominatim-compatible geocoder on 127.0.0.1: `GET /search?q=&format=jsonv2&limit=&viewbox=&bounded=`
 * answers an array of places (`[]` when nothing matches), like nominatim.openstreetmap.org. It records
 * each request (time, path, query, User-Agent) so tests can check the usage policy is followed.
 */
export async function startNominatimFake(options: { port?: number; control?: boolean } = {}) {
  const requests: NominatimRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let fault: NominatimFault | null = null;
  let held: (() => void)[] | null = null;
  /** Each true once its condition holds (checked as held requests arrive). */
  let waiters: (() => boolean)[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({
      at: Date.now(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      userAgent: req.headers["user-agent"],
    });
    // The browser suite's stack holds and releases answers from the spec's process.
    if (options.control && req.method === "POST" && url.pathname === "/__fake/hold") {
      held ??= [];
      return send(res, 200, { held: true });
    }
    if (options.control && req.method === "POST" && url.pathname === "/__fake/release") {
      const waiting = held ?? [];
      held = null;
      for (const run of waiting) run();
      return send(res, 200, { released: waiting.length });
    }
    if (req.method !== "GET" || (url.pathname !== "/search" && url.pathname !== "/search.php"))
      return send(res, 404, { error: { code: 404, message: "Page not found" } });
    // Held: answered when released, as they are then (a test sees a trip before its pins).
    if (held) {
      held.push(() => answer(req, res, url));
      waiters = waiters.filter((w) => !w());
      return;
    }
    answer(req, res, url);
  });

  function answer(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (res.destroyed) return;
    if (fault === "hang") {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (fault === "server-error")
      return send(res, 503, { error: { code: 503, message: "Service Unavailable" } });
    const format = url.searchParams.get("format") ?? "xml";
    if (!["json", "jsonv2"].includes(format))
      return send(res, 400, {
        error: { code: 400, message: `Parameter 'format': unsupported by this fake: ${format}` },
      });
    const q = url.searchParams.get("q")?.trim() ?? "";
    if (!q) return send(res, 400, { error: { code: 400, message: "Nothing to search for." } });
    const place = findNominatimPlace(
      q,
      url.searchParams.get("viewbox"),
      url.searchParams.get("bounded") === "1",
    );
    const limit = Number(url.searchParams.get("limit") ?? 10);
    send(res, 200, place && limit > 0 ? [jsonv2(place, NOMINATIM_PLACES.indexOf(place))] : []);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    /** Only the `/search` requests. */
    searches: () => requests.filter((r) => r.path === "/search"),
    setFault(next: NominatimFault | null) {
      fault = next;
    },
    reset() {
      requests.length = 0;
      fault = null;
    },
    /** Answers nothing until `release()`: the requests wait (their clients' timeouts still run). */
    hold() {
      held ??= [];
    },
    /** Answers the held requests, in order, and every later one at once. */
    release() {
      const waiting = held ?? [];
      held = null;
      for (const run of waiting) run();
    },
    /** Resolves once `count` requests are held (no time limit of its own). */
    held(count: number) {
      return new Promise<void>((resolve) => {
        const check = () => {
          if ((held?.length ?? 0) < count) return false;
          resolve();
          return true;
        };
        if (!check()) waiters.push(check);
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type NominatimFake = Awaited<ReturnType<typeof startNominatimFake>>;
