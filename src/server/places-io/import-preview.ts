import type { Activity, TripPlace } from "#shared/schemas/itinerary.ts";
import {
  PLACES_IMPORT_MAX_BYTES,
  PLACES_IMPORT_MAX_PLACES,
  PLACES_IO_MESSAGES,
  type ImportedPlace,
  type PlacesPreview,
  type SkippedLine,
} from "#shared/schemas/places-io.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import type { PlacesService } from "../services/places/places-service.ts";
import { matchNearTrip } from "./match-near-trip.ts";
import type { PlaceRecord } from "./place-record.ts";
import { PlacesImportError } from "./places-import-error.ts";
import { readInWorker, ReadTimedOut } from "./read-in-worker.ts";
import { fillFrom, linkKey, nameKey, samePlace } from "./same-place.ts";

export type PlacesFile = { name: string; bytes: Uint8Array };

/** What the preview needs of a trip: where to look names up, and what it already holds. */
export type PreviewTrip = { near: TripPlace[]; activities: Activity[] };

/** An activity as the duplicate rules see it. */
export const comparableActivity = (a: Activity) => ({
  title: a.activity,
  lat: a.lat,
  lng: a.lng,
  osmId: a.osmId,
  url: a.website,
});

/**
 * The files read (each in a worker thread, one after the other), looked up near the trip, merged
 * where one place comes twice, and marked where the trip already has it. Nothing is saved. The
 * first file refused fails the whole import with its message, so nothing half-read is proposed.
 */
export async function previewPlaces(
  files: PlacesFile[],
  trip: PreviewTrip | null,
  services: { places: PlacesService; geo: GeoService; owner: string },
  signal: AbortSignal,
): Promise<PlacesPreview> {
  let bytes = 0;
  for (const file of files) {
    bytes += file.bytes.length;
    if (bytes > PLACES_IMPORT_MAX_BYTES)
      throw new PlacesImportError(file.name, PLACES_IO_MESSAGES.overLimit(file.name));
  }
  const records: PlaceRecord[] = [];
  const skipped: SkippedLine[] = [];
  for (const file of files) {
    const reading = await readInWorker({ bytes: file.bytes, name: file.name }, signal).catch(
      (error: unknown) => {
        if (error instanceof ReadTimedOut)
          throw new PlacesImportError(file.name, PLACES_IO_MESSAGES.timedOut(file.name));
        throw error;
      },
    );
    if (!reading.ok)
      throw new PlacesImportError(file.name, PLACES_IO_MESSAGES[reading.reason](file.name));
    records.push(...reading.places);
    skipped.push(...reading.skipped.map((s) => ({ file: file.name, ...s })));
    if (records.length > PLACES_IMPORT_MAX_PLACES)
      throw new PlacesImportError(file.name, PLACES_IO_MESSAGES.tooManyPlaces(file.name));
  }
  const matched = trip ? await matchNearTrip(records, trip.near, services, signal) : records;
  return { places: markDuplicates(mergeDuplicates(matched), trip?.activities ?? []), skipped };
}

/** One entry per place: a later one that is the same place fills what the first lacks. */
export function mergeDuplicates(records: PlaceRecord[]): PlaceRecord[] {
  const kept: PlaceRecord[] = [];
  // Candidates by each key samePlace can agree on, so 2,000 places are not compared pairwise.
  const index = new Map<string, number[]>();
  const keysOf = (r: PlaceRecord) => [
    ...(r.osmId ? [`o:${r.osmId}`] : []),
    ...(r.url ? [`u:${linkKey(r.url)}`] : []),
    `n:${nameKey(r.title)}`,
  ];
  const remember = (key: string, at: number) => {
    const list = index.get(key);
    if (!list) index.set(key, [at]);
    else if (!list.includes(at)) list.push(at);
  };
  for (const record of records) {
    const candidates = new Set(keysOf(record).flatMap((key) => index.get(key) ?? []));
    const at = [...candidates].sort((a, b) => a - b).find((i) => samePlace(kept[i]!, record));
    if (at !== undefined) {
      kept[at] = fillFrom(kept[at]!, record);
      for (const key of keysOf(kept[at])) remember(key, at);
      continue;
    }
    kept.push(record);
    for (const key of keysOf(record)) remember(key, kept.length - 1);
  }
  return kept;
}

/** The preview's places, each marked with the trip's activity it repeats, if any. */
export function markDuplicates(records: PlaceRecord[], activities: Activity[]): ImportedPlace[] {
  return records.map(({ lookup: _lookup, ...record }) => {
    const twin = activities.find((a) => samePlace(comparableActivity(a), record));
    return { ...record, ...(twin ? { duplicateOf: twin.id } : {}) };
  });
}
