import type { TripFilters, tripFiltersSchema } from "#shared/schemas/trip-list.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { DEFAULT_TRIP_SORT } from "#shared/constants.ts";

export const FILTER_KEYS = [
  "q",
  "destination",
  "style",
  "minBudget",
  "maxBudget",
  "status",
  "sort",
  "role",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** What a URL with none of the filters means: every trip, newest first. */
export const DEFAULT_FILTERS: TripFilters = { sort: DEFAULT_TRIP_SORT };

export type FiltersRead =
  | { status: "ok"; filters: TripFilters }
  | { status: "invalid"; message: string }
  | { status: "loading" }
  | { status: "failed"; retry: () => void };

/** The URL is the one home of the filters: reload and back restore them. */
export function readFilters(
  params: URLSearchParams,
  schema: typeof tripFiltersSchema,
): Extract<FiltersRead, { status: "ok" | "invalid" }> {
  const raw = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { status: "ok", filters: parsed.data };
  return { status: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid filters" };
}

// Loaded only when the URL holds a filter: importing the schema module builds zod and the list's
// schemas, a long task on a phone, and a first visit to My Trips has no filter to check.
const filtersSchemaQuery = queryOptions({
  queryKey: ["schema", "trip-filters"],
  queryFn: async () => (await import("#shared/schemas/trip-list.ts")).tripFiltersSchema,
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The filters in the URL, checked with the list's own schema whenever there is any. */
export function useUrlFilters(params: URLSearchParams): FiltersRead {
  const needsSchema = FILTER_KEYS.some((key) => params.has(key));
  const schema = useQuery({ ...filtersSchemaQuery, enabled: needsSchema });
  if (!needsSchema) return { status: "ok", filters: DEFAULT_FILTERS };
  if (schema.data) return readFilters(params, schema.data);
  if (schema.isError) return { status: "failed", retry: () => void schema.refetch() };
  return { status: "loading" };
}

/** True when any filter narrows the list (the sort order does not). */
export const hasActiveFilters = (params: URLSearchParams) =>
  FILTER_KEYS.some((key) => key !== "sort" && (params.get(key) ?? "").trim() !== "");
