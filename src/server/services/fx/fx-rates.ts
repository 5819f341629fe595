/** One day's reference rates: 1 `base` = `rates[code]` units, published on `date` (a business day). */
export type RatesDay = { base: string; date: string; rates: Record<string, number> };

/**
 * Exchange rates behind a small interface: the Frankfurter adapter (the ECB's reference rates), or
 * none when FX_URL=off. Null means "cannot be had now": callers keep amounts pending, nothing fails.
 */
export interface FxRates {
  readonly enabled: boolean;
  /** The newest published rates. */
  latest(base: string): Promise<RatesDay | null>;
  /** The rates of `date` (YYYY-MM-DD), or of the last business day before it. */
  onDate(base: string, date: string): Promise<RatesDay | null>;
}

export const NO_FX_RATES: FxRates = {
  enabled: false,
  latest: () => Promise.resolve(null),
  onDate: () => Promise.resolve(null),
};
