import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { fxRates } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { FxRates, RatesDay } from "./fx-rates.ts";

/** After a failed request, the same day is not asked again for this long (every page would wait). */
export const FX_RETRY_AFTER_MS = 60_000;

/** Rates in USD (the base the app plans in), through the database cache. */
export interface CachedFx {
  readonly enabled: boolean;
  /**
   * The rates of `date` (the last business day on or before it), or the newest when `date` is
   * absent, today or later. Null when they cannot be had now.
   */
  usdRates(date?: string): Promise<RatesDay | null>;
}

const BASE = "USD";
const today = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * One request per day and base: answers are kept in `fx_rates` under the asked date (today's UTC
 * date for the newest) and the business day they are from, shared by every instance. Requests for
 * the same day in flight at once are one request; a failure is remembered for FX_RETRY_AFTER_MS.
 */
export function createCachedFx(options: {
  fx: FxRates;
  db: Db;
  logger: Logger;
  now?: () => number;
}): CachedFx {
  const { fx, db, logger } = options;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<RatesDay | null>>();
  const failedAt = new Map<string, number>();
  // A day's rates never change once published: kept in memory too, so the trip page's hot read
  // asks the database once a day per instance, not per view.
  const remembered = new Map<string, RatesDay>();
  const remember = (key: string, day: RatesDay) => {
    if (remembered.size >= 1000) remembered.clear();
    remembered.set(key, day);
  };

  const stored = async (date: string): Promise<RatesDay | null> => {
    const [row] = await db
      .select({ rateDate: fxRates.rateDate, rates: fxRates.rates })
      .from(fxRates)
      .where(and(eq(fxRates.base, BASE), eq(fxRates.date, date)))
      .limit(1);
    return row ? { base: BASE, date: row.rateDate, rates: row.rates } : null;
  };

  const fetchAndKeep = async (key: string, latest: boolean): Promise<RatesDay | null> => {
    const day = latest ? await fx.latest(BASE) : await fx.onDate(BASE, key);
    if (!day || day.base !== BASE) {
      failedAt.set(key, now());
      return null;
    }
    failedAt.delete(key);
    remember(key, day);
    const rows = [{ base: BASE, date: key, rateDate: day.date, rates: day.rates }];
    if (day.date !== key)
      rows.push({ base: BASE, date: day.date, rateDate: day.date, rates: day.rates });
    await db
      .insert(fxRates)
      .values(rows)
      .onConflictDoNothing()
      .catch((error: unknown) => logger.warn({ err: error }, "fx: could not keep rates"));
    return day;
  };

  return {
    enabled: fx.enabled,
    async usdRates(date) {
      if (!fx.enabled) return null;
      const current = today(now());
      const latest = date === undefined || date >= current;
      const key = latest ? current : date;
      const known = remembered.get(key);
      if (known) return known;
      const kept = await stored(key);
      if (kept) {
        remember(key, kept);
        return kept;
      }
      const failed = failedAt.get(key);
      if (failed !== undefined && now() - failed < FX_RETRY_AFTER_MS) return null;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = fetchAndKeep(key, latest).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
