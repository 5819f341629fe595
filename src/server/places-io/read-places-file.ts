import { PLACES_IMPORT_MAX_PLACES } from "#shared/schemas/places-io.ts";
import { readCsv } from "./from-csv.ts";
import { readGeoJson } from "./from-geojson.ts";
import { readGpx, readKml } from "./from-xml.ts";
import {
  RefusedFile,
  type FileReading,
  type PlaceRecord,
  type SkippedRecord,
} from "./place-record.ts";
import { rootElementOf, withoutUnnamedTrackPoints, xmlDocument } from "./xml-document.ts";
import { isZip, unzipBounded } from "./zip-entries.ts";

type Read = { format: string; places: PlaceRecord[]; skipped: SkippedRecord[] };

const READABLE_IN_ZIP = /\.(kml|gpx|json|geojson|csv)$/i;
// Takeout's other files with the same envelope but another meaning (reviews, not saved places).
const NOT_PLACES_IN_ZIP = /(^|\/)(Reviews|Photos)[^/]*\.json$|(^|\/)__MACOSX\//i;

const baseName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? name).replace(/\.[^.]*$/, "").trim() || null;

/**
 * One file of saved places read by its content, never its extension: a zip (KMZ, a Takeout
 * archive), KML, GPX, JSON (Takeout or GeoJSON) or CSV. Pure (bytes and name in, plain data out),
 * so it runs in a worker thread; a refusal comes back as a reason, never thrown.
 */
export function readPlacesFile(bytes: Uint8Array, name: string): FileReading {
  try {
    const read = readBytes(bytes, name, 0);
    if (read.places.length === 0 && read.skipped.length === 0)
      return { ok: false, reason: "noPlaces" };
    if (read.places.length > PLACES_IMPORT_MAX_PLACES)
      return { ok: false, reason: "tooManyPlaces" };
    return { ok: true, ...read };
  } catch (error) {
    if (error instanceof RefusedFile) return { ok: false, reason: error.reason };
    throw error;
  }
}

function readBytes(bytes: Uint8Array, name: string, depth: number): Read {
  if (isZip(bytes)) {
    // A zip inside a zip is not something Takeout or My Maps make: refused like any unknown file.
    if (depth > 0) throw new RefusedFile("unknownFormat");
    const entries = unzipBounded(
      bytes,
      (entry) => READABLE_IN_ZIP.test(entry) && !NOT_PLACES_IN_ZIP.test(entry),
    );
    const read: Read = { format: "zip", places: [], skipped: [] };
    for (const entry of entries) {
      let inner: Read;
      try {
        inner = readBytes(entry.bytes, entry.name, depth + 1);
      } catch (error) {
        // A zip's other files (a Takeout archive's README, some JSON of another kind) are passed by.
        if (error instanceof RefusedFile && entries.length > 1) continue;
        throw error;
      }
      read.format = entries.length === 1 && inner.format === "kml" ? "kmz" : "zip";
      read.places.push(...inner.places);
      read.skipped.push(...inner.skipped);
      if (read.places.length > PLACES_IMPORT_MAX_PLACES) throw new RefusedFile("tooManyPlaces");
    }
    return read;
  }
  const text = textOf(bytes);
  const start = text.trimStart();
  if (start.startsWith("<")) {
    const root = rootElementOf(start);
    if (root === "kml") return { format: "kml", ...readKml(xmlDocument(start)) };
    if (root === "gpx")
      return { format: "gpx", ...readGpx(xmlDocument(withoutUnnamedTrackPoints(start))) };
    // Another XML, still refused first for what it declares.
    if (/<!\s*(DOCTYPE|ENTITY)/i.test(start)) throw new RefusedFile("doctype");
    throw new RefusedFile("unknownFormat");
  }
  if (start.startsWith("{") || start.startsWith("[")) {
    let json: unknown;
    try {
      json = JSON.parse(start);
    } catch {
      throw new RefusedFile("damagedJson");
    }
    const type = (json as { type?: unknown } | null)?.type;
    if (type !== "FeatureCollection" && type !== "Feature") throw new RefusedFile("unknownFormat");
    return { format: "geojson", ...readGeoJson(json) };
  }
  return { format: "csv", ...readCsv(start, baseName(name)) };
}

/**
 * The file as UTF-8 text (a byte order mark dropped); anything else (an image, a PDF, another
 * encoding) is not a format we read.
 */
function textOf(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new RefusedFile("unknownFormat");
  }
  // Text files hold no NUL or other C0 control bytes besides tab and line breaks.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a]/.test(text.slice(0, 4096)))
    throw new RefusedFile("unknownFormat");
  return text;
}
