import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { abortReason } from "../lib/concurrency-limit.ts";

/** The services whose published pace is kept, each with its own row. */
export type PacedService = "osrm-route" | "osrm-table" | "motis-plan";

/**
 * The least time between two starts of each service: FOSSGIS's OSRM takes one route a second and
 * six tables a minute; Transitous twenty plans a minute.
 */
export const PUBLIC_PACE_MS: Readonly<Record<PacedService, number>> = {
  "osrm-route": 1_000,
  "osrm-table": 10_000,
  "motis-plan": 3_000,
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/**
 * One pace for every instance on one database: a slot is taken by moving the service's row forward
 * in one statement (an upsert that PostgreSQL serialises on the row), so two instances never take
 * the same one. A slot further away than `maxWaitMs` is not taken at all: the caller keeps its
 * estimate (or queues the leg) and the pace is not spent on a request nobody waits for.
 */
export function createRoutingPace(
  db: Db,
  options: { intervals: Readonly<Record<PacedService, number>> | null; now?: () => number },
) {
  const now = options.now ?? Date.now;
  return {
    /** Waits for a slot of `service`; false when none is free within `maxWaitMs`. */
    async take(service: PacedService, maxWaitMs: number, signal?: AbortSignal): Promise<boolean> {
      const interval = options.intervals?.[service];
      if (!interval) return true;
      const at = Math.floor(now());
      const { rows } = await db.execute<{ next_at_ms: string | number }>(sql`
        insert into routing_pace (service, next_at_ms) values (${service}, ${at + interval}::bigint)
        on conflict (service) do update
          set next_at_ms = greatest(routing_pace.next_at_ms, ${at}::bigint) + ${interval}::bigint
          where greatest(routing_pace.next_at_ms, ${at}::bigint) - ${at}::bigint <= ${Math.floor(maxWaitMs)}::bigint
        returning next_at_ms`);
      const [row] = rows;
      if (!row) return false;
      // From the clock after the statement, so the database's own time does not shorten the gap.
      const delay = Number(row.next_at_ms) - interval - now();
      if (delay > 0) await sleep(Math.ceil(delay), signal);
      return true;
    },
  };
}

export type RoutingPace = ReturnType<typeof createRoutingPace>;
