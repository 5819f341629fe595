import Papa from "papaparse";
import {
  cleanAddress,
  cleanLine,
  cleanNote,
  cleanUrl,
  placeRecord,
  RefusedFile,
  validPosition,
  type PlaceRecord,
  type SkippedRecord,
} from "./place-record.ts";

type Read = { places: PlaceRecord[]; skipped: SkippedRecord[] };

const TITLE = ["title", "name", "place", "activity"];
const LAT = ["lat", "latitude", "y"];
const LNG = ["lng", "lon", "long", "longitude", "x"];
const ADDRESS = ["address", "location", "place address"];
const NOTE = ["note", "notes", "description", "comment", "desc"];
const URL_COLUMNS = ["url", "link", "website", "google maps url"];

const norm = (cell: unknown) => (typeof cell === "string" ? cell.trim().toLowerCase() : "");
const indexOfAny = (header: string[], names: string[]) => {
  for (const name of names) {
    const at = header.indexOf(name);
    if (at >= 0) return at;
  }
  return -1;
};

/**
 * A CSV of places: Takeout's saved lists (`Title,Note,URL[,Tags],Comment`, free text before the
 * header, no coordinates: matched by name near the trip) or any CSV with a title column and either
 * coordinates or an address. `group`: a Takeout list's name, which only its file name carries.
 */
export function readCsv(text: string, group: string | null): Read {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const rows = parsed.data;
  // The header: the first row naming a title column (Takeout puts the list's description first).
  const headerAt = rows.findIndex((row, i) => i < 20 && indexOfAny(row.map(norm), TITLE) >= 0);
  if (headerAt < 0) throw new RefusedFile("csvNoTitle");
  const header = (rows[headerAt] ?? []).map(norm);
  const col = {
    title: indexOfAny(header, TITLE),
    lat: indexOfAny(header, LAT),
    lng: indexOfAny(header, LNG),
    address: indexOfAny(header, ADDRESS),
    note: indexOfAny(header, NOTE),
    url: indexOfAny(header, URL_COLUMNS),
    comment: header.indexOf("comment"),
  };
  const takeout = header[0] === "title" && header[1] === "note" && header[2] === "url";
  const hasPosition = col.lat >= 0 && col.lng >= 0;
  if (!takeout && !hasPosition && col.address < 0) throw new RefusedFile("csvNoTitle");
  const places: PlaceRecord[] = [];
  const skipped: SkippedRecord[] = [];
  rows.slice(headerAt + 1).forEach((row, i) => {
    const line = headerAt + 2 + i;
    if (row.every((cell) => cell.trim() === "")) return; // Takeout's ",,,," after the header
    const cell = (at: number) => (at >= 0 ? row[at] : undefined);
    const title = cleanLine(cell(col.title));
    const address = cleanAddress(cell(col.address));
    if (!title && !address) {
      skipped.push({ line, reason: "No title." });
      return;
    }
    const position = hasPosition ? validPosition(cell(col.lat), cell(col.lng)) : null;
    if (hasPosition && !position && (cell(col.lat) ?? "").trim() !== "" && !address) {
      skipped.push({ line, reason: `${title ?? ""}: no valid latitude and longitude.`.trim() });
      return;
    }
    const notes = [cell(col.note), takeout && col.comment !== col.note ? cell(col.comment) : null]
      .map(cleanNote)
      .filter((n): n is string => n !== null);
    places.push(
      placeRecord({
        title: title ?? address ?? "",
        note: notes.length ? notes.join("\n") : null,
        url: cleanUrl(cell(col.url)),
        position,
        address: address === title ? null : address,
        group: takeout ? group : null,
        lookup: address ? "address" : "name",
      }),
    );
  });
  return { places, skipped };
}
