import { useState } from "react";
import type { ImportedPlace, PlaceMatch, PlacesPreview } from "#shared/schemas/places-io.ts";

/** The file types the readers take (the server decides by content; this only helps the picker). */
export const PLACES_ACCEPT = ".json,.geojson,.csv,.kml,.kmz,.gpx,.zip";

const MATCH_TEXT: Record<PlaceMatch, string> = {
  coordinates: "Position from the file",
  name: "Found by name nearby",
  address: "Found by address",
  none: "Not on the map (link kept)",
};

/** Which of a preview's places are ticked (all to begin with), and those places in file order. */
export function usePickedPlaces(preview: PlacesPreview) {
  const [picked, setPicked] = useState(() => new Set(preview.places.map((_, i) => i)));
  const chosen: ImportedPlace[] = preview.places.filter((_, i) => picked.has(i));
  const toggle = (index: number) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return { picked, chosen, toggle };
}

/**
 * A preview's places to tick (how each was placed, its group, whether the trip has it already) and
 * the lines the readers skipped, with their reasons.
 */
export function PlacesPicker({
  preview,
  picked,
  toggle,
}: {
  preview: PlacesPreview;
  picked: ReadonlySet<number>;
  toggle: (index: number) => void;
}) {
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">
          {preview.places.length} {preview.places.length === 1 ? "place" : "places"} found
        </legend>
        <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto">
          {preview.places.map((place, index) => (
            <li key={index} className="rounded-md border border-slate-200 p-2">
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={picked.has(index)}
                  onChange={() => toggle(index)}
                />
                <span className="flex flex-col">
                  <span className="font-medium break-words">{place.title}</span>
                  <span className="text-sm text-slate-700">
                    {MATCH_TEXT[place.matched]}
                    {place.group ? ` · ${place.group}` : ""}
                    {place.duplicateOf ? " · Already on the trip: will be merged" : ""}
                  </span>
                  {place.note ? (
                    <span className="text-sm break-words text-slate-600">{place.note}</span>
                  ) : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {preview.skipped.length ? (
        <details className="text-sm text-slate-700">
          <summary>
            {preview.skipped.length} {preview.skipped.length === 1 ? "line" : "lines"} skipped
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {preview.skipped.map((s) => (
              <li key={`${s.file}:${s.line}`}>
                {s.file}, line {s.line}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
