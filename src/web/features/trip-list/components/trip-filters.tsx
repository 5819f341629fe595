import {
  DEFAULT_TRIP_SORT,
  TRAVEL_STYLES,
  TRIP_SORTS,
  TRIP_SORT_LABELS,
} from "#shared/constants.ts";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { styleLabel } from "../../../lib/trip/trip-format.ts";
import type { FilterKey } from "../filters-url.ts";
import { DebouncedField } from "../../../components/debounced-field.tsx";

type Props = {
  params: URLSearchParams;
  onChange: (key: FilterKey, value: string, options: { typing: boolean }) => void;
};

const SORT_OPTIONS = TRIP_SORTS.map((sort) => ({ value: sort, label: TRIP_SORT_LABELS[sort] }));
// "Shared with me": the trips others invited you to; "My own trips": the ones you created.
const ROLE_OPTIONS = [
  { value: "", label: "All trips" },
  { value: "shared", label: "Shared with me" },
  { value: "owner", label: "My own trips" },
];
const STYLE_OPTIONS = [
  { value: "", label: "Any style" },
  ...TRAVEL_STYLES.map((style) => ({ value: style, label: styleLabel(style) })),
];

/**
 * Search, sort and the four filters; every control reads from and writes to the URL.
 * Not react-hook-form: nothing here is submitted, and the URL is the form's state (shareable, kept
 * on back and forward), each change applied as it is made. The one rule is still the shared schema:
 * the URL is read through `tripFiltersSchema` (filters-url.ts), the same one `GET /api/trips` checks,
 * and the list shows its message ("Min budget cannot be more than max budget").
 */
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
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-7"
    >
      <div className="sm:col-span-2">{text("q", "Search trips", "search")}</div>
      <SelectField
        label="Sort by"
        options={SORT_OPTIONS}
        value={get("sort") || DEFAULT_TRIP_SORT}
        onChange={(event) => onChange("sort", event.target.value, { typing: false })}
      />
      <SelectField
        label="Show"
        options={ROLE_OPTIONS}
        value={get("role")}
        onChange={(event) => onChange("role", event.target.value, { typing: false })}
      />
      {text("destination", "Destination")}
      <SelectField
        label="Travel style"
        options={STYLE_OPTIONS}
        value={get("style")}
        onChange={(event) => onChange("style", event.target.value, { typing: false })}
      />
      <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-7 lg:max-w-md">
        {text("minBudget", "Min budget (USD)", "number")}
        {text("maxBudget", "Max budget (USD)", "number")}
      </div>
    </form>
  );
}
