import { isTimeZone, LOCAL_DATE_TIME_PATTERN } from "#shared/zoned-time.ts";
import type { BookingTime } from "./booking-reading.ts";

const ISO_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A schema.org or model time (ISO 8601, with or without an offset, or a date alone) as its
 * wall-clock part and its offset; null when it is not such a time.
 */
export function parseBookingTime(value: unknown, zone: string | null = null): BookingTime | null {
  if (typeof value !== "string") return null;
  const match = ISO_TIME.exec(value.trim());
  if (!match) return null;
  const [, date = "", hour, minute, offsetText] = match;
  const local = `${date}T${hour ?? "00"}:${minute ?? "00"}`;
  if (!LOCAL_DATE_TIME_PATTERN.test(local) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return null;
  return {
    local,
    offsetMinutes: offsetText === undefined ? null : parseOffset(offsetText),
    zone: zone && isTimeZone(zone) ? zone : null,
    dateOnly: hour === undefined,
  };
}

function parseOffset(text: string): number {
  if (text.toUpperCase() === "Z") return 0;
  const sign = text.startsWith("-") ? -1 : 1;
  const digits = text.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || "0"));
}

/** The instant of a time with a known offset, in epoch milliseconds. */
export function epochOf(time: BookingTime): number | null {
  if (time.offsetMinutes === null) return null;
  const naive = Date.parse(`${time.local}:00Z`);
  return Number.isNaN(naive) ? null : naive - time.offsetMinutes * 60_000;
}

/**
 * The IANA zone that is exactly an offset all year (`+01:00` → `Etc/GMT-1`: the Etc names count
 * the other way), for a booking whose place matched no stop; null for a part-hour offset.
 */
export function fixedOffsetZone(offsetMinutes: number): string | null {
  if (offsetMinutes === 0) return "UTC";
  if (offsetMinutes % 60 !== 0 || Math.abs(offsetMinutes) > 14 * 60) return null;
  const hours = offsetMinutes / 60;
  return `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
}
