import { useCallback, useId, useRef, useState, type KeyboardEvent } from "react";
import type { PlaceResult } from "#shared/schemas/places.ts";
import { controlStyles, Field } from "#web/components/ui/field.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";
import type { LocationFieldProps } from "#web/lib/trip/trip-slots.ts";
import { isSearchable, PLACE_SEARCH_FAILED, usePlaceSearch } from "../api/search-places.ts";
import { moveActive, searchStatusText, type SearchState } from "../search-status.ts";

/** Typing pauses this long before a search is sent. */
export const SEARCH_DELAY_MS = 250;

/** The activity keeps http(s) addresses only (its schema refuses others): anything else is dropped. */
export function linkableWebsite(website: string | null): string | null {
  if (!website || website.length > 500) return null;
  try {
    const { protocol } = new URL(website);
    return protocol === "http:" || protocol === "https:" ? website : null;
  } catch {
    return null;
  }
}

const placeLine = (place: PlaceResult) =>
  [place.kind, place.address].filter((part) => part && part.trim()).join(" · ");

/**
 * The editor's Location field as a WAI-ARIA 1.2 combobox over OpenStreetMap places near the trip:
 * typing searches (debounced), the arrows move through the list, Enter picks, Escape closes. A pick
 * fills the location with the place's name and sets its coordinates, OSM id, hours and website; any
 * text stays allowed, and typing after a pick makes it free text again.
 */
export function PlaceCombobox({
  tripId,
  label,
  value,
  error,
  onChange,
}: LocationFieldProps & { tripId: string }) {
  const listboxId = useId();
  const [term, setTerm] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<PlaceResult | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A pending search must not fire after the form is gone.
  const cancelOnUnmount = useCallback(() => () => clearTimeout(timer.current), []);

  const search = usePlaceSearch(tripId, term);
  const pickedNow = picked !== null && picked.name === value;
  // The line under the field follows the search, not the list's being open: closing the list on
  // blur must not move the form under the pointer (a click on Save would miss it).
  const searching = isSearchable(term) && !pickedNow;
  const places = searching && search.isSuccess ? search.data : [];
  const expanded = open && places.length > 0;
  const state: SearchState = !searching
    ? { kind: "idle" }
    : search.isError
      ? {
          kind: "failed",
          status: search.error instanceof ApiRequestError ? search.error.status : 0,
          message: search.error instanceof Error ? search.error.message : PLACE_SEARCH_FAILED,
        }
      : search.isPending || search.isPlaceholderData
        ? { kind: "searching" }
        : { kind: "found", count: places.length, term };

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (place: PlaceResult) => {
    clearTimeout(timer.current);
    setPicked(place);
    close();
    onChange(place.name, {
      lat: place.lat,
      lng: place.lng,
      osmId: place.osmId,
      openingHours: place.openingHours,
      website: linkableWebsite(place.website),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) {
          // Opening by keyboard searches the text as it stands, without waiting.
          clearTimeout(timer.current);
          setTerm(value);
          setOpen(true);
          return;
        }
        setActive((current) =>
          moveActive(current, places.length, event.key === "ArrowDown" ? 1 : -1),
        );
        return;
      }
      case "Enter": {
        const place = expanded ? places[active] : undefined;
        if (place) {
          // Picks the option instead of submitting the form.
          event.preventDefault();
          pick(place);
        }
        return;
      }
      case "Escape": {
        if (open) {
          // Closes the list only; a second Escape reaches the form (cancel the edit).
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        return;
      }
    }
  };

  const statusText = searchStatusText(state);
  return (
    <Field
      label={label}
      error={error}
      hint={
        pickedNow
          ? `On OpenStreetMap: ${[picked.name, placeLine(picked)].filter(Boolean).join(" · ")}`
          : "Type to search places on OpenStreetMap, or any text."
      }
    >
      {(control) => (
        <div className="relative">
          <input
            ref={cancelOnUnmount}
            {...control}
            type="text"
            role="combobox"
            required
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={expanded && active >= 0 ? `${listboxId}-${active}` : undefined}
            className={controlStyles}
            value={value}
            onChange={(event) => {
              const next = event.target.value;
              // Free text: whatever was picked before no longer describes this location.
              setPicked(null);
              setActive(-1);
              setOpen(true);
              onChange(next);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => setTerm(next), SEARCH_DELAY_MS);
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          <ul
            id={listboxId}
            role="listbox"
            aria-label="Suggested places"
            hidden={!expanded}
            className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
          >
            {places.map((place, i) => (
              <li
                key={place.osmId}
                id={`${listboxId}-${i}`}
                role="option"
                aria-selected={i === active}
                // Keeps the focus in the field, so the click picks before the blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(place)}
                onMouseMove={() => setActive(i)}
                className={`cursor-pointer px-3 py-2 ${i === active ? "bg-brand-50 text-brand-900" : ""}`}
              >
                <span className="block font-medium break-words">{place.name}</span>
                {placeLine(place) ? (
                  <span className="block text-sm break-words text-slate-600">
                    {placeLine(place)}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p role="status" className="mt-1 min-h-0 text-sm text-slate-600">
            {statusText}
          </p>
        </div>
      )}
    </Field>
  );
}
