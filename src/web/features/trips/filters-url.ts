import { tripFiltersSchema, type TripFilters } from "#shared/schemas/trip-list.ts";

export const FILTER_KEYS = [
  "q",
  "destination",
  "style",
  "minBudget",
  "maxBudget",
  "status",
  "sort",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The URL is the one home of the filters: reload and back restore them. */
export function readFilters(
  params: URLSearchParams,
): { ok: true; filters: TripFilters } | { ok: false; message: string } {
  const raw = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]));
  const parsed = tripFiltersSchema.safeParse(raw);
  if (parsed.success) return { ok: true, filters: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid filters" };
}

/** True when any filter narrows the list (the sort order does not). */
export const hasActiveFilters = (params: URLSearchParams) =>
  FILTER_KEYS.some((key) => key !== "sort" && (params.get(key) ?? "").trim() !== "");
