import type { PlaceMatch } from "#shared/schemas/places-io.ts";
import { decodeEntities } from "../bookings/html-text.ts";

/**
 * A place as a file gave it, before it is matched near the trip: `lookup` says what is left to look
 * up (a list's name, a My Maps placemark's address) when the file had no position.
 */
export type PlaceRecord = {
  title: string;
  note: string | null;
  url: string | null;
  lat: number | null;
  lng: number | null;
  osmId: string | null;
  address: string | null;
  group: string | null;
  matched: PlaceMatch;
  lookup: "name" | "address" | null;
};

export type SkippedRecord = { line: number; reason: string };

/** Why a file was refused, as a code the main thread turns into the message naming the file. */
export type RefusalReason =
  | "unknownFormat"
  | "damagedZip"
  | "expandsTooFar"
  | "doctype"
  | "damagedXml"
  | "damagedJson"
  | "csvNoTitle"
  | "noPlaces"
  | "tooManyPlaces";

/** What reading one file came to: its places and skipped lines, or a refusal. Plain data (worker). */
export type FileReading =
  | { ok: true; format: string; places: PlaceRecord[]; skipped: SkippedRecord[] }
  | { ok: false; reason: RefusalReason };

export class RefusedFile extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
    this.name = "RefusedFile";
  }
}

const TITLE_MAX = 200;
const NOTE_MAX = 1000;
const ADDRESS_MAX = 200;

/** One line of text, trimmed and clipped, or null when empty. */
export function cleanLine(value: unknown, max = TITLE_MAX): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  // Control characters cannot be stored (safe-input.ts); a file may carry any.
  const text = String(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text === "" ? null : text.slice(0, max).trim();
}

/** Several lines of text (a note), kept as lines, clipped; HTML (My Maps descriptions) as plain text. */
export function cleanNote(value: unknown): string | null {
  let text: string | null = null;
  if (typeof value === "string") text = value;
  else if (value && typeof value === "object" && "value" in value) {
    const html = value.value;
    if (typeof html === "string") text = htmlToText(html);
  }
  if (text === null) return null;
  const lines = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, " ")
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/ {2,}/g, " ").trim())
    .filter((line, i, all) => line !== "" || (i > 0 && all[i - 1] !== ""));
  const joined = lines.join("\n").trim();
  return joined === "" ? null : joined.slice(0, NOTE_MAX).trim();
}

/** A description's HTML as text: line breaks kept, tags dropped, character references decoded. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<\s*br\s*\/?>/gi, "\n")
      .replace(/<\/\s*(p|div|li|tr|h[1-6])\s*>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  );
}

export const cleanAddress = (value: unknown) => cleanLine(value, ADDRESS_MAX);

/** An http(s) link, or null. */
export function cleanUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text.length > 500) return null;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A real latitude and longitude; [0,0] (Takeout's "no location") is none. */
export function validPosition(lat: unknown, lng: unknown): { lat: number; lng: number } | null {
  const la = typeof lat === "string" ? Number(lat.trim()) : lat;
  const lo = typeof lng === "string" ? Number(lng.trim()) : lng;
  if (typeof la !== "number" || typeof lo !== "number") return null;
  if (!Number.isFinite(la) || !Number.isFinite(lo)) return null;
  if (Math.abs(la) > 90 || Math.abs(lo) > 180) return null;
  if (la === 0 && lo === 0) return null;
  return { lat: Math.round(la * 1e7) / 1e7, lng: Math.round(lo * 1e7) / 1e7 };
}

const OSM_URL = /openstreetmap\.org\/(node|way|relation)\/([1-9]\d{0,18})\b/;

/** The OSM element a link names (our own exports link each place to its OSM page). */
export function osmIdOfUrl(url: string | null): string | null {
  const found = url ? OSM_URL.exec(url) : null;
  return found ? `${found[1]}/${found[2]}` : null;
}

const NUMBER = String.raw`(-?\d{1,3}(?:\.\d+)?)`;
const URL_POSITIONS = [
  new RegExp(String.raw`!3d${NUMBER}!4d${NUMBER}`),
  new RegExp(String.raw`/maps/search/${NUMBER}\s*,\s*\+?${NUMBER}`),
  new RegExp(String.raw`[?&](?:q|query|ll|destination)=${NUMBER}\s*,\s*\+?${NUMBER}`),
];

/** A position a Google Maps link carries (`!3d…!4d…`, `/maps/search/lat,lng`, `q=lat,lng`). */
export function positionOfUrl(url: string | null): { lat: number; lng: number } | null {
  if (!url) return null;
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // a malformed escape: read it as it is
  }
  for (const pattern of URL_POSITIONS) {
    const found = pattern.exec(text);
    if (found) {
      const position = validPosition(Number(found[1]), Number(found[2]));
      if (position) return position;
    }
  }
  return null;
}

/** A record with its position from the file, or from its link, or left to look up. */
export function placeRecord(fields: {
  title: string;
  note?: string | null;
  url?: string | null;
  position?: { lat: number; lng: number } | null;
  address?: string | null;
  group?: string | null;
  osmId?: string | null;
  /** What to look up near the trip when neither the file nor the link gave a position. */
  lookup?: "name" | "address" | null;
}): PlaceRecord {
  const url = fields.url ?? null;
  const position = fields.position ?? positionOfUrl(url);
  const address = fields.address ?? null;
  return {
    title: fields.title,
    note: fields.note ?? null,
    url,
    lat: position?.lat ?? null,
    lng: position?.lng ?? null,
    osmId: fields.osmId ?? osmIdOfUrl(url),
    address,
    group: fields.group ?? null,
    matched: position ? "coordinates" : "none",
    lookup: position ? null : (fields.lookup ?? null),
  };
}
