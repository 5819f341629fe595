import pg from "pg";
import type { Logger } from "../lib/logger.ts";
import type { LiveBus, LiveMessage } from "./live-bus.ts";

export const LIVE_CHANNEL = "boundless_live";
const RETRY_MS = [100, 500, 1_000, 2_000, 5_000];

const parse = (payload: string | undefined): LiveMessage | null => {
  try {
    return payload ? (JSON.parse(payload) as LiveMessage) : null;
  } catch {
    return null;
  }
};

/**
 * LISTEN/NOTIFY between the instances of one PostgreSQL. One listening connection per instance,
 * opened with the first listener (an instance nobody watches a trip on holds none) and reconnected
 * when it drops; each reconnection asks for a resync. Notifications go out through the app's pool.
 */
export function createPostgresBus(
  url: string,
  notify: (channel: string, payload: string) => Promise<void>,
  logger: Logger,
): LiveBus {
  let client: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let handlers: Parameters<LiveBus["listen"]>[0] | null = null;

  const connect = async (isReconnect: boolean) => {
    if (closed || !handlers) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    let lost = false;
    const retry = () => {
      if (lost || closed) return;
      lost = true;
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      const wait = RETRY_MS[Math.min(attempts++, RETRY_MS.length - 1)];
      logger.warn({ wait }, "live: the listening connection dropped; reconnecting");
      setTimeout(() => void connect(true), wait).unref();
    };
    next.on("error", retry);
    next.on("end", retry);
    next.on("notification", (n) => {
      const message = parse(n.payload);
      if (message) handlers?.message(message);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch {
      retry();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempts = 0;
    if (isReconnect) handlers?.resync();
  };

  return {
    kind: "postgres",
    publish: (message) => notify(LIVE_CHANNEL, JSON.stringify(message)),
    listen: (h) => {
      handlers = h;
      return connect(false);
    },
    close: async () => {
      closed = true;
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
