import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * USD reference rates the fake publishes (1 USD = n units). Every business day has the same ones
 * unless a test sets a day of its own with `setDay`.
 */
export const FAKE_USD_RATES: Readonly<Record<string, number>> = {
  EUR: 0.9,
  GBP: 0.8,
  JPY: 150,
  CHF: 0.88,
  CAD: 1.36,
  AUD: 1.52,
  CZK: 22.5,
  SEK: 10.5,
  DKK: 6.7,
  PLN: 3.9,
  HUF: 360,
  NOK: 10.8,
};

/** How the fake misbehaves: a proxy's HTML 502, a hanging request, or answering normally. */
export type FrankfurterFault = "down" | "hang" | null;

const isWeekend = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
};

/** The last business day (Monday to Friday) on or before `date`. */
export function lastBusinessDay(date: string): string {
  let d = date;
  while (isWeekend(d)) {
    const t = new Date(`${d}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() - 1);
    d = t.toISOString().slice(0, 10);
  }
  return d;
}

function send(res: ServerResponse, status: number, body: string, type: string) {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Frankfurter on 127.0.0.1, speaking its wire format (WIRE-FORMATS.md): `GET /latest?base=USD` and
 * `GET /YYYY-MM-DD?base=USD` (`&symbols=` honoured) → `{ amount, base, date, rates }`, a weekend date
 * answered with the Friday before it; unknown base or path → 404 `{ "message": "not found" }`.
 * `prefix` is the path the app's FX_URL ends with (like `/v1`). `requests` lists every path asked.
 */
export async function startFrankfurterFake(
  options: { port?: number; prefix?: string; today?: () => string } = {},
) {
  const prefix = options.prefix ?? "/v1";
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const days = new Map<string, Record<string, number>>();
  const requests: string[] = [];
  // Requests held by the "hang" fault, each with how it would have been answered.
  const hanging = new Map<ServerResponse, () => void>();
  let fault: FrankfurterFault = null;

  const answer = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const notFound = () =>
      send(res, 404, JSON.stringify({ message: "not found" }), "application/json");
    if (req.method !== "GET" || !url.pathname.startsWith(`${prefix}/`)) return notFound();
    const asked = url.pathname.slice(prefix.length + 1);
    const base = url.searchParams.get("base") ?? "EUR";
    if (base !== "USD") return notFound();
    let date: string;
    if (asked === "latest") date = lastBusinessDay(today());
    else if (/^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)))
      date = lastBusinessDay(asked < today() ? asked : today());
    else return notFound();
    const all = days.get(date) ?? FAKE_USD_RATES;
    const symbols = url.searchParams.get("symbols")?.split(",").filter(Boolean);
    const rates = symbols
      ? Object.fromEntries(Object.entries(all).filter(([code]) => symbols.includes(code)))
      : all;
    send(res, 200, JSON.stringify({ amount: 1.0, base, date, rates }), "application/json");
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(`${url.pathname}${url.search}`);
    if (fault === "hang") {
      hanging.set(res, () => answer(req, res, url));
      res.on("close", () => hanging.delete(res));
      return;
    }
    if (fault === "down") {
      send(res, 502, "<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html");
      return;
    }
    answer(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    /** Rates for one business day (others keep FAKE_USD_RATES). */
    setDay: (date: string, rates: Record<string, number>) => days.set(date, rates),
    setFault: (next: FrankfurterFault) => {
      fault = next;
      if (next !== "hang") for (const res of hanging.keys()) res.destroy();
    },
    /** How many requests the "hang" fault holds open now. */
    held: () => hanging.size,
    /** Answers the held requests as if they had never hung (the fault stays for new ones). */
    release: () => {
      for (const [res, answerNow] of hanging) {
        hanging.delete(res);
        answerNow();
      }
    },
    close: async () => {
      for (const res of hanging.keys()) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
