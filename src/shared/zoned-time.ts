/** A local wall-clock time as travellers read it on a ticket: `YYYY-MM-DDTHH:MM`, no zone. */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in minutes (Paris in winter: 60; Kathmandu: 345). */
export function offsetMinutesAt(epochMs: number, zone: string): number {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a local wall-clock time names in a zone, in epoch milliseconds; null for a malformed
 * time or an unknown zone. A time skipped by a clock change reads as the instant after the gap; a
 * repeated one as its first occurrence.
 */
export function zonedToEpoch(localDateTime: string, zone: string): number | null {
  const match = LOCAL_DATE_TIME_PATTERN.exec(localDateTime);
  if (!match || !isTimeZone(zone)) return null;
  const [year, month, day] = match[1]!.split("-").map(Number) as [number, number, number];
  const naive = Date.UTC(year, month - 1, day, Number(match[2]), Number(match[3]));
  if (Number.isNaN(naive)) return null;
  // The offsets a day either side cover any clock change near this time: of the instants they give,
  // the earliest that reads back as this wall-clock time (a repeated hour's first occurrence). None
  // does inside a skipped hour: read with the offset before the change, it lands after the gap.
  const before = naive - offsetMinutesAt(naive - DAY_MS, zone) * 60_000;
  const after = naive - offsetMinutesAt(naive + DAY_MS, zone) * 60_000;
  const readsBack = [before, after]
    .filter((instant) => epochToZoned(instant, zone) === localDateTime)
    .sort((a, b) => a - b);
  return readsBack[0] ?? before;
}

const DAY_MS = 86_400_000;

/** The local wall-clock time (`YYYY-MM-DDTHH:MM`) of an instant in a zone. */
export function epochToZoned(epochMs: number, zone: string): string {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
