import type { FieldErrors } from "react-hook-form";
import { flatErrors } from "#web/lib/form-errors.ts";
import { useEffect, useId, useRef, useState } from "react";
import { DESTINATION_MAX_LENGTH } from "#shared/constants.ts";
import { Button } from "#web/components/ui/button.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";

/** A city as the form keeps it: nights is NaN while its field is empty (the schema names that). */
export type StopDraft = { id?: string | undefined; destination: string; nights: number };

const MAX_STOPS = 8;

const nightsWord = (n: number) => (n === 1 ? "night" : "nights");

/** "3 of 4 nights" (the trip's nights known), else "3 nights". */
export function nightsSummary(stops: readonly StopDraft[], tripNights: number | null): string {
  const sum = stops.reduce(
    (total, stop) => total + (Number.isFinite(stop.nights) ? stop.nights : 0),
    0,
  );
  return tripNights === null
    ? `${sum} ${nightsWord(sum)}`
    : `${sum} of ${tripNights} ${nightsWord(tripNights)}`;
}

/** Moves item `from` to `to` (both in range), keeping every other in order. */
export const moveItem = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const item = list[from];
  if (item === undefined || to < 0 || to >= list.length) return [...list];
  return list.toSpliced(from, 1).toSpliced(to, 0, item);
};

const cityName = (stop: StopDraft, index: number) => stop.destination.trim() || `City ${index + 1}`;

/**
 * The cities of a trip with several stops, in order, with their nights: reordered with Move up /
 * Move down (keyboard focus stays on the moved city's button), removed, and the nights' sum shown
 * against the trip's. Messages come from the planning schema (`errors`: the form's, react-hook-form's
 * nested ones, read here as "stops", "stops.1.nights").
 */
export function StopsField({
  stops,
  onChange,
  tripNights,
  errors,
  focusOnMount,
  legendClassName = "font-medium",
}: {
  legendClassName?: string;
  /** The city whose name gets keyboard focus when the list appears (the one just added). */
  focusOnMount?: number | undefined;
  stops: readonly StopDraft[];
  onChange: (stops: StopDraft[]) => void;
  /** The trip's nights from its dates, null while they are not both set. */
  tripNights: number | null;
  errors: FieldErrors;
}) {
  const messages = flatErrors(errors);
  const id = useId();
  const [said, setSaid] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const listError = messages.stops?.message;

  const focusLater = (selector: string) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(selector)?.focus());
  const [mountFocus] = useState(focusOnMount);
  useEffect(() => {
    if (mountFocus !== undefined)
      list.current?.querySelector<HTMLElement>(`[data-stop-city="${mountFocus}"]`)?.focus();
  }, [mountFocus]);

  const move = (from: number, to: number, direction: "up" | "down") => {
    const moved = moveItem(stops, from, to);
    onChange(moved);
    const stop = stops[from];
    if (stop) setSaid(`${cityName(stop, from)} is now city ${to + 1} of ${stops.length}.`);
    // The button pressed may no longer exist at the ends: the other one of the same city takes focus.
    const edge =
      (direction === "up" && to === 0) || (direction === "down" && to === stops.length - 1);
    focusLater(
      `[data-stop="${to}"][data-move="${edge ? (direction === "up" ? "down" : "up") : direction}"]`,
    );
  };

  const set = (index: number, fields: Partial<StopDraft>) =>
    onChange(stops.map((stop, i) => (i === index ? { ...stop, ...fields } : stop)));

  return (
    <fieldset className="min-w-0" aria-describedby={listError ? `${id}-error` : `${id}-sum`}>
      <legend className={legendClassName}>Cities</legend>
      <ol ref={list} className="mt-2 flex flex-col gap-3">
        {stops.map((stop, index) => {
          const name = cityName(stop, index);
          return (
            <li
              key={stop.id ?? index}
              className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_7rem_auto] sm:items-start"
            >
              <TextField
                label={`City ${index + 1}`}
                type="text"
                autoComplete="off"
                maxLength={DESTINATION_MAX_LENGTH + 20}
                value={stop.destination}
                data-stop-city={index}
                error={messages[`stops.${index}.destination`]?.message}
                onChange={(event) => set(index, { destination: event.target.value })}
              />
              <TextField
                label="Nights"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={Number.isFinite(stop.nights) ? String(stop.nights) : ""}
                error={messages[`stops.${index}.nights`]?.message}
                onChange={(event) =>
                  set(index, {
                    nights: event.target.value === "" ? Number.NaN : Number(event.target.value),
                  })
                }
              />
              <div className="flex flex-wrap gap-1 sm:mt-6">
                {index > 0 ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    data-stop={index}
                    data-move="up"
                    aria-label={`Move ${name} up`}
                    onClick={() => move(index, index - 1, "up")}
                  >
                    ↑
                  </Button>
                ) : null}
                {index < stops.length - 1 ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    data-stop={index}
                    data-move="down"
                    aria-label={`Move ${name} down`}
                    onClick={() => move(index, index + 1, "down")}
                  >
                    ↓
                  </Button>
                ) : null}
                {stops.length > 1 ? (
                  <Button
                    size="sm"
                    variant="danger"
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      onChange(stops.toSpliced(index, 1));
                      setSaid(`${name} removed.`);
                      focusLater(`[data-stop-city="${Math.max(0, index - 1)}"]`);
                    }}
                  >
                    Remove
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <p id={`${id}-sum`} className="text-sm text-slate-700">
          {nightsSummary(stops, tripNights)}
        </p>
        {stops.length < MAX_STOPS ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              onChange([...stops, { destination: "", nights: 1 }]);
              focusLater(`[data-stop-city="${stops.length}"]`);
            }}
          >
            Add a city
          </Button>
        ) : null}
      </div>
      {listError ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}
