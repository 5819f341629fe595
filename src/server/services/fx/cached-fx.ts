import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { fxRates } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";
import type { FxRates, RatesDay } from "./fx-rates.ts";
import { ratesProblem } from "./rate-bounds.ts";

/** After a failed request, the same day is not asked again for this long (every page would wait). */
export const FX_RETRY_AFTER_MS = 60_000;

/**
 * How long a hot read waits for the first answer an instance ever has (just started, nothing held):
 * with no network (or a slow API) the trip page shows costs in USD only and the request goes on.
 */
export const FX_FIRST_WAIT_MS = 2_000;

/**
 * The last newest rates held are shown for this many days while the day's are asked for: the ECB
 * publishes once a business day (none on weekends and holidays, up to four days at Easter), and
 * the page shows them as "≈".
 */
export const FX_HELD_DAYS = 7;

/** Dated rates (an expense's day) kept in memory per instance; past days' rates never change. */
export const FX_MEMORY_DAYS = 1_000;

/** Rates in USD (the base the app plans in), through the database cache. */
export interface CachedFx {
  readonly enabled: boolean;
  /**
   * The rates of `date` (the last business day on or before it), or the newest when `date` is
   * absent, today or later. Null when they cannot be had now.
   */
  usdRates(date?: string): Promise<RatesDay | null>;
  /**
   * The newest rates for a hot read (GET /api/trips/:id), never waiting on the database or the API
   * once the instance holds any: today's from memory; on a new day the last ones held (at most
   * FX_HELD_DAYS old) while today's are asked for in the background; null at once when none can be
   * had (off, failed, backing off). Only an instance that has never had an answer yet waits, at most
   * `firstWaitMs`, for its first.
   */
  latestNow(): Promise<RatesDay | null>;
}

const BASE = "USD";
const DAY_MS = 86_400_000;
const today = (now: number) => new Date(now).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/**
 * One request per day and base: answers are kept in `fx_rates` under the asked date (today's UTC
 * date for the newest) and the business day they are from, shared by every instance, and in this
 * instance's memory in front of the table. Loads for the same day at once are one load (one query,
 * at most one request); a failure is remembered for FX_RETRY_AFTER_MS, during which the day is
 * asked of neither the table nor the API.
 */
export function createCachedFx(options: {
  fx: FxRates;
  db: Db;
  logger: Logger;
  now?: () => number;
  firstWaitMs?: number;
}): CachedFx {
  const { fx, db, logger } = options;
  const now = options.now ?? Date.now;
  const firstWaitMs = options.firstWaitMs ?? FX_FIRST_WAIT_MS;
  const inFlight = new Map<string, Promise<RatesDay | null>>();
  const failedAt = new Map<string, number>();
  // The newest rates: one slot, keyed by the UTC date they were asked on, so a new date is a miss.
  let latest: { key: string; day: RatesDay } | undefined;
  // Past days' rates (expenses): they never change once published; the oldest kept go first.
  const dated = new Map<string, RatesDay>();
  // Until the first load settles, a hot read may wait for it; never after.
  let answeredOnce = false;

  const hold = (key: string, isLatest: boolean, day: RatesDay) => {
    if (isLatest) {
      if (!latest || latest.key <= key) latest = { key, day };
      return;
    }
    if (dated.size >= FX_MEMORY_DAYS) {
      const oldest = dated.keys().next();
      if (!oldest.done) dated.delete(oldest.value);
    }
    dated.set(key, day);
  };
  const held = (key: string, isLatest: boolean) =>
    isLatest ? (latest?.key === key ? latest.day : undefined) : dated.get(key);

  const backingOff = (key: string) => {
    const failed = failedAt.get(key);
    if (failed === undefined) return false;
    if (now() - failed < FX_RETRY_AFTER_MS) return true;
    failedAt.delete(key);
    return false;
  };
  const fail = (key: string) => {
    // Bounded: a failure older than the back-off means nothing any more.
    if (failedAt.size >= FX_MEMORY_DAYS)
      for (const [k, at] of failedAt) if (now() - at >= FX_RETRY_AFTER_MS) failedAt.delete(k);
    failedAt.set(key, now());
  };

  const stored = async (date: string): Promise<RatesDay | null> => {
    const [row] = await db
      .select({ rateDate: fxRates.rateDate, rates: fxRates.rates })
      .from(fxRates)
      .where(and(eq(fxRates.base, BASE), eq(fxRates.date, date)))
      .limit(1);
    if (!row) return null;
    const day = { base: BASE, date: row.rateDate, rates: row.rates };
    // Kept before rates were checked (or written by hand): not used, and asked for again.
    const problem = ratesProblem(day, BASE);
    if (!problem) return day;
    logger.warn({ date, problem }, "fx: stored rates refused; forgetting them");
    await db.delete(fxRates).where(and(eq(fxRates.base, BASE), eq(fxRates.date, date)));
    return null;
  };

  /** Keeps an answer; when another instance kept the day first, its rates are the ones held. */
  const keep = async (key: string, day: RatesDay): Promise<RatesDay> => {
    const rows = [{ base: BASE, date: key, rateDate: day.date, rates: day.rates }];
    if (day.date !== key)
      rows.push({ base: BASE, date: day.date, rateDate: day.date, rates: day.rates });
    try {
      const kept = await db
        .insert(fxRates)
        .values(rows)
        .onConflictDoNothing()
        .returning({ date: fxRates.date });
      if (kept.some((row) => row.date === key)) return day;
      return (await stored(key)) ?? day;
    } catch (error) {
      logger.warn({ err: error }, "fx: could not keep rates");
      return day;
    }
  };

  const load = async (key: string, isLatest: boolean): Promise<RatesDay | null> => {
    try {
      const kept = await stored(key);
      if (kept) {
        hold(key, isLatest, kept);
        return kept;
      }
      const day = isLatest ? await fx.latest(BASE) : await fx.onDate(BASE, key);
      // Checked before it is stored or used: an answer that fails is neither.
      const problem = day ? ratesProblem(day, BASE) : "none";
      if (!day || problem) {
        if (day) logger.warn({ date: key, problem }, "fx: rates refused");
        fail(key);
        return null;
      }
      const agreed = await keep(key, day);
      hold(key, isLatest, agreed);
      return agreed;
    } finally {
      answeredOnce = true;
    }
  };

  const usdRates = (date?: string): Promise<RatesDay | null> => {
    if (!fx.enabled) return Promise.resolve(null);
    const current = today(now());
    const isLatest = date === undefined || date >= current;
    const key = isLatest ? current : date;
    const known = held(key, isLatest);
    if (known) return Promise.resolve(known);
    if (backingOff(key)) return Promise.resolve(null);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = load(key, isLatest).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return {
    enabled: fx.enabled,
    usdRates,
    async latestNow() {
      if (!fx.enabled) return null;
      const key = today(now());
      if (latest?.key === key) return latest.day;
      // Today's are not held: asked (once, or not at all while backing off) in the background.
      const asked = usdRates().catch((error: unknown) => {
        logger.warn({ err: error }, "fx: could not read rates");
        return null;
      });
      if (latest && daysBetween(latest.key, key) <= FX_HELD_DAYS) return latest.day;
      if (answeredOnce) return null;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), firstWaitMs);
      });
      return Promise.race([asked, waited]).finally(() => clearTimeout(timer));
    },
  };
}
