import { offsetMinutesAt } from "#shared/zoned-time.ts";

/**
 * A VTIMEZONE for an IANA zone over a date range, built from the runtime's own time-zone data
 * (Intl): the offset at the start and every change inside the range, each as its own observance
 * with an explicit DTSTART. No RRULEs, so it is exact for the dates it covers and needs no tz table.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
const formatOffset = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
/** A UTC instant shown as local time with the given offset, in iCalendar's basic format. */
const localStamp = (instant: number, offset: number) =>
  new Date(instant + offset * MINUTE_MS).toISOString().replace(/[-:]/g, "").slice(0, 15);

type Change = { at: number; from: number; to: number };

function changesBetween(zone: string, from: number, to: number): Change[] {
  const changes: Change[] = [];
  let previous = offsetMinutesAt(from, zone);
  for (let t = from + HOUR_MS; t <= to; t += HOUR_MS) {
    const current = offsetMinutesAt(t, zone);
    if (current === previous) continue;
    // Narrow the change down to the minute.
    let lo = t - HOUR_MS;
    let hi = t;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutesAt(mid, zone) === previous) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, from: previous, to: current });
    previous = current;
  }
  return changes;
}

/** The VTIMEZONE lines for `zone`, covering the days from `firstDate` to `lastDate` (YYYY-MM-DD). */
export function vtimezoneLines(zone: string, firstDate: string, lastDate: string): string[] {
  const from = Date.parse(`${firstDate}T00:00:00Z`) - 2 * DAY_MS;
  const to = Date.parse(`${lastDate}T00:00:00Z`) + 3 * DAY_MS;
  const year = new Date(from).getUTCFullYear();
  // Standard time is the smaller of the winter and summer offsets, in either hemisphere.
  const standard = Math.min(
    offsetMinutesAt(Date.UTC(year, 0, 15), zone),
    offsetMinutesAt(Date.UTC(year, 6, 15), zone),
  );
  const observance = (start: number, fromOffset: number, toOffset: number) => {
    const kind = toOffset > standard ? "DAYLIGHT" : "STANDARD";
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(start, fromOffset)}`,
      `TZOFFSETFROM:${formatOffset(fromOffset)}`,
      `TZOFFSETTO:${formatOffset(toOffset)}`,
      `END:${kind}`,
    ];
  };
  const initial = offsetMinutesAt(from, zone);
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    ...observance(from, initial, initial),
    ...changesBetween(zone, from, to).flatMap((c) => observance(c.at, c.from, c.to)),
    "END:VTIMEZONE",
  ];
}
