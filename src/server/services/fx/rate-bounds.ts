import { isCurrencyCode } from "#shared/money.ts";
import type { RatesDay } from "./fx-rates.ts";

/** The plausible range of one USD in any real currency (about 0.3 KWD to about 4e5 VES, IRR …). */
export const MIN_USD_RATE = 1e-6;
export const MAX_USD_RATE = 1e7;

/**
 * Why a day's rates cannot be used, or null when they can: the base is USD, every code is a real
 * currency, every rate finite and within MIN_USD_RATE…MAX_USD_RATE. One bad rate refuses the whole
 * answer (a provider that sends 5e-324 for EUR is not trusted for the rest of that day either).
 */
export function ratesProblem(day: RatesDay, base: string): string | null {
  if (day.base !== base) return "base";
  const entries = Object.entries(day.rates);
  if (entries.length === 0) return "empty";
  for (const [code, rate] of entries) {
    if (!isCurrencyCode(code)) return `unknown currency ${code.slice(0, 8)}`;
    if (typeof rate !== "number" || !Number.isFinite(rate)) return `rate of ${code} not finite`;
    if (rate < MIN_USD_RATE || rate > MAX_USD_RATE) return `rate of ${code} out of range`;
  }
  return null;
}
