/** Small statistics for noisy, shared machines: medians and ranges, never a single sample. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function range(values: number[]): { min: number; max: number } {
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** "12.3 (10.1–14.0)" with the given number of decimals. */
export function describe(values: number[], decimals = 1, unit = ""): string {
  if (values.length === 0) return "n/a";
  const f = (v: number) => `${v.toFixed(decimals)}${unit}`;
  if (values.length === 1) return f(values[0]!);
  const { min, max } = range(values);
  return `${f(median(values))} (${f(min)}–${f(max)})`;
}

/** Which way a figure improves: "lower" for times and sizes, "higher" for rates and scores. */
export type Better = "lower" | "higher";

/**
 * The run furthest from the target. A target passes only when this run meets it: a median within
 * the target can hide a run over it.
 */
export function worst(values: number[], better: Better): number {
  if (values.length === 0) return Number.NaN;
  return better === "lower" ? Math.max(...values) : Math.min(...values);
}

/** "median 12.3, worst 14.0 (10.1–14.0)": the worst run beside the median. */
export function describeWorst(values: number[], better: Better, decimals = 1, unit = ""): string {
  if (values.length === 0) return "n/a";
  const f = (v: number) => `${v.toFixed(decimals)}${unit}`;
  if (values.length === 1) return f(values[0]!);
  const { min, max } = range(values);
  return `median ${f(median(values))}, worst ${f(worst(values, better))} (${f(min)}–${f(max)})`;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The value at or below which `p` % of the values lie (nearest rank); NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}
