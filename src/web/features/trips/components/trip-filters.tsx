import { TRAVEL_STYLES } from "#shared/constants.ts";
import { DEFAULT_TRIP_SORT, TRIP_SORTS, TRIP_SORT_LABELS } from "#shared/schemas/trip-list.ts";
import { styleLabel } from "../format.ts";
import type { FilterKey } from "../filters-url.ts";
import { DebouncedField } from "./debounced-field.tsx";

type Props = {
  params: URLSearchParams;
  onChange: (key: FilterKey, value: string, options: { typing: boolean }) => void;
};

const selectClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none";

/** Search, sort and the four filters; every control reads from and writes to the URL. */
export function TripFilters({ params, onChange }: Props) {
  const get = (key: FilterKey) => params.get(key) ?? "";
  const text = (key: FilterKey, label: string, type: "search" | "text" | "number" = "text") => (
    <DebouncedField
      id={`trip-filter-${key}`}
      label={label}
      type={type}
      value={get(key)}
      onCommit={(value) => onChange(key, value, { typing: true })}
    />
  );
  return (
    <form
      role="search"
      aria-label="Filter trips"
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="sm:col-span-2">{text("q", "Search trips", "search")}</div>
      <div className="flex flex-col gap-1">
        <label htmlFor="trip-filter-sort" className="text-sm font-medium text-slate-700">
          Sort by
        </label>
        <select
          id="trip-filter-sort"
          className={selectClass}
          value={get("sort") || DEFAULT_TRIP_SORT}
          onChange={(event) => onChange("sort", event.target.value, { typing: false })}
        >
          {TRIP_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {TRIP_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      {text("destination", "Destination")}
      <div className="flex flex-col gap-1">
        <label htmlFor="trip-filter-style" className="text-sm font-medium text-slate-700">
          Travel style
        </label>
        <select
          id="trip-filter-style"
          className={selectClass}
          value={get("style")}
          onChange={(event) => onChange("style", event.target.value, { typing: false })}
        >
          <option value="">Any style</option>
          {TRAVEL_STYLES.map((style) => (
            <option key={style} value={style}>
              {styleLabel(style)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-6 lg:max-w-md">
        {text("minBudget", "Min budget (USD)", "number")}
        {text("maxBudget", "Max budget (USD)", "number")}
      </div>
    </form>
  );
}
