import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/** What the fake answers every tile with while failing: a server error, or "no such tile". */
export type TileFailure = 500 | 404;

const TILE = /^\/(\d{1,2})\/(\d+)\/(\d+)\.png$/;
const MAX_ZOOM = 19;

/**
 * A raster tile server on 127.0.0.1 in the wire format of OpenStreetMap's (and any `{z}/{x}/{y}.png`
 * server's): `GET /{z}/{x}/{y}.png` answers a 256×256 PNG (`image/png`, cacheable, CORS-open like
 * tile.openstreetmap.org), 404 for a tile outside the zoom's grid or above zoom 19. Failing on
 * purpose: `setFailure(500 | 404)` in-process, or `POST /__fake/fail?status=500` (`status=` off
 * again) from another process, as the browser specs do. `GET /__fake/requests` counts tile requests.
 */
export async function startTileServerFake(options: { port?: number } = {}) {
  // One plain light tile (a real, decodable PNG), made once.
  const png = await sharp({
    create: { width: 256, height: 256, channels: 3, background: { r: 226, g: 232, b: 240 } },
  })
    .png()
    .toBuffer();
  let failure: TileFailure | null = null;
  let requests = 0;

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, {
      "Content-Type": type,
      "Content-Length": Buffer.byteLength(body),
      "Access-Control-Allow-Origin": "*",
      ...(status === 200 ? { "Cache-Control": "max-age=86400" } : {}),
    });
    res.end(body);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/__fake/fail" && req.method === "POST") {
      const status = Number(url.searchParams.get("status"));
      failure = status === 500 || status === 404 ? status : null;
      return send(res, 204, "text/plain", "");
    }
    if (url.pathname === "/__fake/requests" && req.method === "GET")
      return send(res, 200, "application/json", JSON.stringify({ requests }));
    const match = TILE.exec(url.pathname);
    if (!match || (req.method !== "GET" && req.method !== "HEAD"))
      return send(res, 404, "text/plain", "Not found");
    requests += 1;
    const [z, x, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const size = 2 ** z;
    if (z > MAX_ZOOM || x >= size || y >= size)
      return send(res, 404, "text/plain", "Tile not found");
    if (failure === 500) return send(res, 500, "text/plain", "Internal server error");
    if (failure === 404) return send(res, 404, "text/plain", "Tile not found");
    send(res, 200, "image/png", png);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** The MAP_TILE_URL template that points at this fake. */
    tileUrl: `${url}/{z}/{x}/{y}.png`,
    get requests() {
      return requests;
    },
    setFailure(next: TileFailure | null) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
