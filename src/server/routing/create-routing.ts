import type { Db } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";
import { safeErrorMessage } from "../lib/safe-error.ts";
import { createMotisClient } from "./motis-client.ts";
import { createOsrmClient, OSRM_TABLE_MAX_POINTS } from "./osrm-client.ts";
import { createRoutingCache, roundedPoint } from "./routing-cache.ts";
import { createRoutingPace, PUBLIC_PACE_MS, type PacedService } from "./routing-pace.ts";
import type {
  AskOptions,
  Routing,
  StreetCell,
  StreetMatrix,
  StreetRoute,
  TransitJourney,
} from "./routing-types.ts";
import { routingUserAgent } from "./routing-user-agent.ts";

export type RoutingSettings = {
  /** `{profile}` template, or "off". */
  routingUrl: string;
  /** MOTIS base URL, or "off". */
  transitUrl: string;
  timeoutMs: number;
  pace: "public" | "none";
  appOrigin: string;
  contactEmail: string;
};

export type RoutingOptions = RoutingSettings & {
  db: Db;
  logger: Logger;
  /** Tests shorten the public intervals (the pace's rule is the same, only faster). */
  intervals?: Readonly<Record<PacedService, number>>;
  now?: () => number;
};

const cellKey = (profile: string, from: string, to: string) => `osrm:${profile}:${from}>${to}`;

/**
 * The routers with their pace and cache: every answer is looked up in the database first, every
 * request waits for its service's slot (at most `maxWaitMs`, by default the timeout), and any failure
 * is logged and answered with null (or the cells known so far): the caller keeps its estimate.
 */
export function createRouting(options: RoutingOptions): Routing {
  const { logger } = options;
  const userAgent = routingUserAgent(options.appOrigin, options.contactEmail);
  const osrm =
    options.routingUrl === "off"
      ? null
      : createOsrmClient({
          urlTemplate: options.routingUrl,
          userAgent,
          timeoutMs: options.timeoutMs,
        });
  const motis =
    options.transitUrl === "off"
      ? null
      : createMotisClient({ url: options.transitUrl, userAgent, timeoutMs: options.timeoutMs });
  const cache = createRoutingCache(options.db, options.now);
  const pace = createRoutingPace(options.db, {
    intervals: options.pace === "none" ? null : (options.intervals ?? PUBLIC_PACE_MS),
    now: options.now,
  });

  const cached = (keys: string[]) =>
    cache.getMany(keys).catch((error: unknown) => {
      logger.warn({ err: safeErrorMessage(error) }, "routing cache read failed");
      return new Map<string, unknown>();
    });
  const keep = (entries: [string, unknown][]) =>
    cache.putMany(entries).catch((error: unknown) => {
      logger.warn({ err: safeErrorMessage(error) }, "routing cache write failed");
    });

  /** The router's answer after a slot, or undefined when there was no slot or it failed. */
  async function ask<T>(
    service: PacedService,
    ask: (signal?: AbortSignal) => Promise<T>,
    askOptions: AskOptions,
  ): Promise<{ value: T } | undefined> {
    try {
      const slot = await pace.take(
        service,
        askOptions.maxWaitMs ?? options.timeoutMs,
        askOptions.signal,
      );
      if (!slot) {
        logger.info({ service }, "routing paced out: leg estimated");
        askOptions.onPacedOut?.();
        return undefined;
      }
      return { value: await ask(askOptions.signal) };
    } catch (error) {
      if (askOptions.signal?.aborted) throw error;
      logger.warn({ service, err: safeErrorMessage(error) }, "routing failed: leg estimated");
      return undefined;
    }
  }

  return {
    street: osrm !== null,
    transit: motis !== null,

    async table(profile, points, askOptions = {}) {
      if (!osrm || points.length > OSRM_TABLE_MAX_POINTS) return null;
      const rounded = points.map(roundedPoint);
      const keys = rounded.flatMap((a, i) =>
        rounded.filter((_, j) => j !== i).map((b) => cellKey(profile, a, b)),
      );
      const known = await cached(keys);
      const fromCache = (): StreetMatrix => ({
        cells: rounded.map((a, i) =>
          rounded.map((b, j) =>
            i === j ? null : ((known.get(cellKey(profile, a, b)) ?? null) as StreetCell),
          ),
        ),
      });
      if (points.length < 2 || keys.every((key) => known.has(key))) return fromCache();
      const answer = await ask(
        "osrm-table",
        (signal) => osrm.table(profile, points, signal),
        askOptions,
      );
      if (!answer) return known.size > 0 ? fromCache() : null;
      const entries: [string, unknown][] = [];
      answer.value.cells.forEach((row, i) =>
        row.forEach((cell, j) => {
          if (i !== j) entries.push([cellKey(profile, rounded[i]!, rounded[j]!), cell]);
        }),
      );
      await keep(entries);
      return answer.value;
    },

    async route(profile, points, askOptions = {}) {
      if (!osrm || points.length < 2) return null;
      const key = `osrm-route:${profile}:${points.map(roundedPoint).join(";")}`;
      const known = await cached([key]);
      if (known.has(key)) return known.get(key) as StreetRoute | null;
      const answer = await ask(
        "osrm-route",
        (signal) => osrm.route(profile, points, signal),
        askOptions,
      );
      if (!answer) return null;
      await keep([[key, answer.value]]);
      return answer.value;
    },

    async plan(from, to, departAt, askOptions = {}) {
      if (!motis) return null;
      const minute = departAt.toISOString().slice(0, 16);
      const key = `motis:${roundedPoint(from)}>${roundedPoint(to)}@${minute}`;
      const known = await cached([key]);
      if (known.has(key)) return known.get(key) as TransitJourney[];
      const answer = await ask(
        "motis-plan",
        (signal) => motis.plan(from, to, departAt, signal),
        askOptions,
      );
      if (!answer) return null;
      await keep([[key, answer.value]]);
      return answer.value;
    },
  };
}
