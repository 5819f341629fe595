import { Inflate, unzipSync } from "fflate";
import { BOOKING_EXPANDED_MAX_BYTES, BOOKING_MAX_PARTS } from "#shared/schemas/bookings.ts";
import type { TransportMode } from "#shared/schemas/trip-stops.ts";
import { cleanText, emptyReading, type Reading } from "./booking-reading.ts";
import { parseBookingTime } from "./booking-time.ts";

/** The zip holds more than we read: too many entries, or more bytes unpacked than allowed. */
export class ExpandsTooFarError extends Error {}

const PASS_JSON_MAX_BYTES = 1024 * 1024;
const INFLATE_STEP_BYTES = 4 * 1024;

/**
 * Compressed data given to an inflater a few KB at a time: fflate inflates everything one push
 * holds before it calls back, so a counting callback only stops a bomb if each push is small
 * (4 KB of deflate inflate to at most about 4 MB).
 */
export function inflateInSteps(inflater: Inflate, data: Uint8Array) {
  for (let at = 0; at < data.length; at += INFLATE_STEP_BYTES)
    inflater.push(
      data.subarray(at, at + INFLATE_STEP_BYTES),
      at + INFLATE_STEP_BYTES >= data.length,
    );
  if (data.length === 0) inflater.push(data, true);
}

/**
 * `pass.json` of a .pkpass, unpacked only after the zip's directory was checked (entries, declared
 * sizes) and with the inflated bytes counted as they come, so a zip bomb (or a lying size) stops
 * at the limit instead of filling the memory.
 */
export function passJsonOf(bytes: Uint8Array): unknown {
  let entries = 0;
  let declared = 0;
  let compressed: Uint8Array | null = null;
  // unzipSync with a filter that keeps nothing reads the directory only; the one entry wanted is
  // then inflated by hand, counted.
  const stored = unzipSync(bytes, {
    filter: (file) => {
      entries += 1;
      declared += file.originalSize;
      if (entries > BOOKING_MAX_PARTS || declared > BOOKING_EXPANDED_MAX_BYTES)
        throw new ExpandsTooFarError();
      return file.name === "pass.json" && file.compression === 0;
    },
  });
  if (stored["pass.json"]) return decode(stored["pass.json"]);
  compressed = rawEntry(bytes, "pass.json");
  if (!compressed) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > PASS_JSON_MAX_BYTES) throw new ExpandsTooFarError();
    chunks.push(chunk);
  });
  inflateInSteps(inflater, compressed);
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return decode(out);
}

function decode(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The deflated data of one entry, found through the central directory (method 8 only). */
function rawEntry(bytes: Uint8Array, name: string): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < count && at + 46 <= bytes.length; i++) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const entryName = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (entryName === name && method === 8 && local + 30 <= bytes.length) {
      const dataStart =
        local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      return bytes.subarray(dataStart, Math.min(bytes.length, dataStart + size));
    }
    at += 46 + nameLength + extra + comment;
  }
  return null;
}

type Field = { key?: unknown; label?: unknown; value?: unknown };

function fieldsOf(pass: Record<string, unknown>, kind: string): Field[] {
  const structure = pass[kind];
  if (typeof structure !== "object" || structure === null) return [];
  return ["primaryFields", "secondaryFields", "auxiliaryFields", "headerFields", "backFields"]
    .flatMap((group) => (structure as Record<string, unknown>)[group])
    .filter((field): field is Field => typeof field === "object" && field !== null);
}

const MODES: Record<string, TransportMode> = {
  PKTransitTypeAir: "flight",
  PKTransitTypeTrain: "train",
  PKTransitTypeBus: "bus",
  PKTransitTypeBoat: "ferry",
  PKTransitTypeGeneric: "other",
};

/** A boarding pass becomes a journey, an event ticket an activity. */
export function readPass(bytes: Uint8Array): Reading {
  const reading = emptyReading();
  const pass = passJsonOf(bytes);
  if (typeof pass !== "object" || pass === null) return reading;
  const record = pass as Record<string, unknown>;
  const find = (fields: Field[], pattern: RegExp) =>
    fields.find((f) => pattern.test(`${cleanText(f.key) ?? ""} ${cleanText(f.label) ?? ""}`));
  const valueOf = (field: Field | undefined, max = 200) => cleanText(field?.value, max);
  const relevant = parseBookingTime(record.relevantDate);
  const carrier = cleanText(record.organizationName, 100);

  if (record.boardingPass) {
    const fields = fieldsOf(record, "boardingPass");
    const primary = fields.slice(0, 2);
    const describe = (field: Field | undefined) => {
      const value = valueOf(field);
      const label = cleanText(field?.label);
      return value && label && label.toLowerCase() !== value.toLowerCase()
        ? cleanText(`${label} (${value})`)
        : value;
    };
    const origin = find(fields, /origin|depart|from/i) ?? primary[0];
    const destination = find(fields, /destination|arriv|to\b/i) ?? primary[1];
    const from = describe(origin);
    const to = describe(destination);
    const depart =
      parseBookingTime(valueOf(find(fields, /depart.*time|departure|boarding/i))) ?? relevant;
    const arrive = parseBookingTime(valueOf(find(fields, /arriv.*time|arrival/i))) ?? depart;
    const structure = record.boardingPass as Record<string, unknown>;
    if (from && to && depart && arrive)
      reading.journeys.push({
        mode: MODES[String(structure.transitType)] ?? "other",
        from,
        to,
        depart,
        arrive,
        carrier,
        number: valueOf(find(fields, /flight|train|number/i), 40),
        reference: valueOf(find(fields, /confirmation|booking|pnr|reference/i), 100),
        notes: (() => {
          const seat = valueOf(find(fields, /seat/i), 20);
          return seat ? `Seat ${seat}` : null;
        })(),
      });
  }
  if (record.eventTicket) {
    const fields = fieldsOf(record, "eventTicket");
    const name = valueOf(find(fields, /event|name/i) ?? fields[0]) ?? cleanText(record.description);
    const start = parseBookingTime(valueOf(find(fields, /date|time|start/i))) ?? relevant;
    if (name && start)
      reading.activities.push({
        start,
        activity: name,
        location: valueOf(find(fields, /venue|location|place/i)),
        reference: valueOf(find(fields, /confirmation|booking|order|reference/i), 100),
        kind: "event",
      });
  }
  return reading;
}
