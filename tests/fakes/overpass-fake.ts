import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OVERPASS_DATASET, type FakeOsmElement } from "./overpass-places.ts";

/**
 * How the fake misbehaves, as the public instance does: `remark` 200 with a runtime-error remark and
 * no elements; `busy` 429 HTML (no free slot); `unavailable` 503 HTML (refused); `gateway-timeout`
 * 504 HTML; `hang` never answers; `bad-body` 200 with a body that is not JSON.
 */
export type OverpassFailure =
  "remark" | "busy" | "unavailable" | "gateway-timeout" | "hang" | "bad-body";

export type OverpassRequest = {
  method: string;
  userAgent: string | undefined;
  contentType: string | undefined;
  /** The Overpass QL received (form field or query parameter `data`). */
  query: string;
};

type Filter = { key: string; op: "has" | "=" | "!=" | "~" | "!~"; value?: string; i: boolean };
type Statement = {
  types: FakeOsmElement["type"][];
  filters: Filter[];
  around?: { radius: number; lat: number; lon: number };
  /** `node(id:1,2)`: these elements by id. */
  ids?: number[];
};

class QlError extends Error {}

/** Reads the QL our adapter sends (and ordinary variations of it); anything else is a 400 as upstream. */
export function parseQuery(ql: string): { statements: Statement[]; limit: number } {
  let rest = ql.replace(/\s+/g, " ").trim();
  const settings = /^((?:\[[a-z]+:[^\]]*\])+) ?;/.exec(rest);
  if (!settings) throw new QlError("missing settings");
  if (!settings[1]!.includes("[out:json]")) throw new QlError("only [out:json] is served here");
  rest = rest.slice(settings[0].length).trim();

  const out = / ?out((?: (?:center|tags|body|qt|ids|\d+))*) ?;$/.exec(rest);
  if (!out) throw new QlError("missing out statement");
  const limitWord = out[1]!.split(" ").find((w) => /^\d+$/.test(w));
  const limit = limitWord ? Number(limitWord) : Number.POSITIVE_INFINITY;
  if (!out[1]!.includes("center")) throw new QlError("the fake serves `out center` only");
  rest = rest.slice(0, out.index).trim();

  let body = rest;
  if (body.startsWith("(")) {
    if (!body.endsWith(");")) throw new QlError("unclosed union");
    body = body.slice(1, -2);
  }
  const statements: Statement[] = [];
  let pos = 0;
  const src = body;
  const skipSpace = () => {
    while (src[pos] === " ") pos++;
  };
  const readString = (): string => {
    if (src[pos] !== '"') throw new QlError(`expected a string at ${pos}`);
    pos++;
    let value = "";
    while (pos < src.length && src[pos] !== '"') {
      if (src[pos] === "\\") {
        const next = src[pos + 1];
        value += next === "n" ? "\n" : next === "t" ? "\t" : (next ?? "");
        pos += 2;
      } else value += src[pos++];
    }
    if (src[pos] !== '"') throw new QlError("unterminated string");
    pos++;
    return value;
  };
  while (true) {
    skipSpace();
    if (pos >= src.length) break;
    const type = /^(nwr|node|way|relation|rel)/.exec(src.slice(pos));
    if (!type) throw new QlError(`expected a statement at ${pos}`);
    pos += type[0].length;
    const types: Statement["types"] =
      type[0] === "nwr"
        ? ["node", "way", "relation"]
        : type[0] === "rel"
          ? ["relation"]
          : [type[0] as FakeOsmElement["type"]];
    const filters: Filter[] = [];
    let around: Statement["around"] | undefined;
    let ids: number[] | undefined;
    while (true) {
      skipSpace();
      if (src[pos] === "[") {
        pos++;
        const key = readString();
        const op = /^(!=|!~|=|~)?/.exec(src.slice(pos))![0] as Filter["op"] | "";
        pos += op.length;
        let value: string | undefined;
        if (op) value = readString();
        let i = false;
        if (src.startsWith(",i", pos)) {
          i = true;
          pos += 2;
        }
        if (src[pos] !== "]") throw new QlError(`expected ] at ${pos}`);
        pos++;
        filters.push({ key, op: op || "has", value, i });
      } else if (src.startsWith("(id:", pos)) {
        const m = /^\(id:(\d+(?:,\d+)*)\)/.exec(src.slice(pos));
        if (!m) throw new QlError("bad id list");
        ids = m[1]!.split(",").map(Number);
        pos += m[0].length;
      } else if (src.startsWith("(around:", pos)) {
        const m = /^\(around:(\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\)/.exec(
          src.slice(pos),
        );
        if (!m) throw new QlError("bad around");
        around = { radius: Number(m[1]), lat: Number(m[2]), lon: Number(m[3]) };
        pos += m[0].length;
      } else break;
    }
    if (src[pos] !== ";") throw new QlError(`expected ; at ${pos}`);
    pos++;
    // A query without a bounding area would scan the planet: refuse it, as a careful instance would
    // (elements asked for by id are looked up directly).
    if (!around && !ids) throw new QlError("every statement needs (around:…) or (id:…)");
    statements.push({ types, filters, around, ids });
  }
  if (statements.length === 0) throw new QlError("no statements");
  return { statements, limit };
}

const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
};

function matches(element: FakeOsmElement, statement: Statement): boolean {
  if (!statement.types.includes(element.type)) return false;
  if (statement.ids && !statement.ids.includes(element.id)) return false;
  if (statement.around && metres(element, statement.around) > statement.around.radius) return false;
  return statement.filters.every((f) => {
    const v = element.tags[f.key];
    switch (f.op) {
      case "has":
        return v !== undefined;
      case "=":
        return v === f.value;
      case "!=":
        return v !== f.value;
      case "~":
        return v !== undefined && new RegExp(f.value!, f.i ? "iu" : "u").test(v);
      case "!~":
        return v === undefined || !new RegExp(f.value!, f.i ? "iu" : "u").test(v);
    }
  });
}

const TYPE_ORDER = { node: 0, way: 1, relation: 2 } as const;

/** What `out center tags` prints for an element. */
function output(e: FakeOsmElement) {
  return e.type === "node"
    ? { type: e.type, id: e.id, lat: e.lat, lon: e.lon, tags: e.tags }
    : { type: e.type, id: e.id, center: { lat: e.lat, lon: e.lon }, tags: e.tags };
}

const html = (title: string, text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><p>${text}</p></body></html>`;

/**
 * The Overpass API on 127.0.0.1: `POST /api/interpreter` with form field `data` (or `GET ?data=`),
 * answering in the real JSON shape with the tag filters and `around:` of the query evaluated over
 * OVERPASS_DATASET. Records every request; `setFailure` makes the next `times` requests fail.
 */
export async function startOverpassFake(
  options: { dataset?: readonly FakeOsmElement[]; delayMs?: number } = {},
) {
  const dataset = options.dataset ?? OVERPASS_DATASET;
  const requests: OverpassRequest[] = [];
  let failure: { kind: OverpassFailure; left: number } | null = null;
  let delayMs = options.delayMs ?? 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const hanging = new Set<ServerResponse>();

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/api/interpreter") {
      res.writeHead(404, { "Content-Type": "text/html" }).end(html("404", "Not found"));
      return;
    }
    const body = req.method === "POST" ? await readBody(req) : "";
    const query =
      req.method === "POST"
        ? (new URLSearchParams(body).get("data") ?? "")
        : (url.searchParams.get("data") ?? "");
    requests.push({
      method: req.method ?? "",
      userAgent: req.headers["user-agent"],
      contentType: req.headers["content-type"],
      query,
    });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      const fail = failure && failure.left > 0 ? failure.kind : null;
      if (failure && fail) failure.left--;
      if (fail === "hang") {
        hanging.add(res);
        await new Promise<void>((resolve) => res.on("close", resolve));
        return;
      }
      if (fail === "busy") {
        res
          .writeHead(429, { "Content-Type": "text/html; charset=utf-8" })
          .end(html("429 Too Many Requests", "Rate limit reached. Please wait for a free slot."));
        return;
      }
      if (fail === "unavailable") {
        res
          .writeHead(503, { "Content-Type": "text/html; charset=utf-8" })
          .end(html("503 Service Unavailable", "The server is not accepting requests now."));
        return;
      }
      if (fail === "gateway-timeout") {
        res
          .writeHead(504, { "Content-Type": "text/html; charset=utf-8" })
          .end(
            html("504 Gateway Timeout", "The server is probably too busy to handle your request."),
          );
        return;
      }
      if (fail === "bad-body") {
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"version": 0.6, "elem');
        return;
      }
      let parsed: ReturnType<typeof parseQuery>;
      try {
        parsed = parseQuery(query);
      } catch (error) {
        res
          .writeHead(400, { "Content-Type": "text/html; charset=utf-8" })
          .end(html("400 Bad Request", `Error: line 1: parse error: ${(error as Error).message}`));
        return;
      }
      const found = dataset
        .filter((e) => parsed.statements.some((s) => matches(e, s)))
        .sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.id - b.id)
        .slice(0, parsed.limit);
      const answer: Record<string, unknown> = {
        version: 0.6,
        generator: "Overpass API 0.7.62.5 1bd436f1",
        osm3s: {
          timestamp_osm_base: "2026-11-23T10:00:00Z",
          copyright:
            "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.",
        },
        elements: fail === "remark" ? [] : found.map(output),
      };
      if (fail === "remark")
        answer.remark = 'runtime error: Query timed out in "query" at line 1 after 26 seconds.';
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
    } finally {
      inFlight--;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/interpreter`,
    requests,
    /** The requests it is answering now (a delayed answer counts until it is sent). */
    get inFlight() {
      return inFlight;
    },
    /** The most requests it was ever answering at once. */
    get maxConcurrent() {
      return maxInFlight;
    },
    /** The next `times` requests fail this way (every one when `times` is omitted); null: none. */
    setFailure(kind: OverpassFailure | null, times = Number.POSITIVE_INFINITY) {
      failure = kind ? { kind, left: times } : null;
    },
    /** Every answer waits this long first (a loaded instance). */
    setDelay(ms: number) {
      delayMs = ms;
    },
    reset() {
      requests.length = 0;
      failure = null;
      maxInFlight = 0;
      delayMs = options.delayMs ?? 0;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type OverpassFake = Awaited<ReturnType<typeof startOverpassFake>>;
