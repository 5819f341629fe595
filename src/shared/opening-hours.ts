import OpeningHours from "opening_hours";
import { countryCodeOf } from "./country-code.ts";
import { formatDayLabel } from "./format.ts";
import type { OpenAt } from "./realism.ts";

/**
 * Where and when a visit happens, as the destination's own clock shows it. `countryCode` (ISO
 * 3166-1 alpha-2, any case) picks the public holidays; null or unknown to the library: no holidays.
 * `state` matters for countries whose holidays differ by region (e.g. Germany).
 */
export type LocalContext = {
  countryCode: string | null;
  state?: string;
  lat: number;
  lng: number;
};
export type LocalMoment = LocalContext & {
  /** "YYYY-MM-DD" in the destination. */
  localDate: string;
  /** "HH:MM" in the destination. */
  localTime: string;
};

/** "unknown": no hours, hours we cannot read, or hours that say so ("by appointment", `unknown`). */
export type OpenState = "open" | "closed" | "unknown";

/** A place without known hours is assumed open only during ordinary daytime hours. */
export const DAYTIME_HOURS = { from: "09:00", to: "18:00" } as const;

/**
 * The destination's wall clock at an instant, for turning "now" or a UTC time into a LocalMoment's
 * fields. Unknown zones read as UTC.
 */
export function wallClockIn(
  epochMs: number,
  timezone: string,
): { localDate: string; localTime: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(epochMs);
  } catch {
    return wallClockIn(epochMs, "UTC");
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    localDate: `${get("year")}-${get("month")}-${get("day")}`,
    localTime: `${get("hour")}:${get("minute")}`,
  };
}

/**
 * The library reads every Date in the process's own time zone. Building the Date from the
 * destination's wall-clock fields makes it see the destination's date and time whatever the server's
 * TZ is. (In a process zone's DST gap, e.g. 02:30 on a spring-forward night, the Date moves an hour:
 * run servers in UTC, which has none.)
 */
function processLocal(date: string, time = "00:00", plusDays = 0): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(y, m - 1, d + plusDays, hh, mm, 0, 0);
}

const hhmm = (d: Date) =>
  `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;

// Parsing a value costs far more than evaluating it, and a plan evaluates the same few hundred values
// many times: keep the parsed ones (bounded, oldest out first).
const PARSED_LIMIT = 1000;
const parsed = new Map<string, OpeningHours | null>();

function parse(value: string, where: LocalContext): OpeningHours | null {
  const country = where.countryCode?.trim().toLowerCase() ?? "";
  // Position only matters for sun times (sunrise-sunset), to about 10 km.
  const key = `${country}\n${where.state ?? ""}\n${where.lat.toFixed(1)},${where.lng.toFixed(1)}\n${value}`;
  if (parsed.has(key)) return parsed.get(key) ?? null;
  let result: OpeningHours | null;
  try {
    result = build(value, country, where);
  } catch {
    result = null;
  }
  if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value!);
  parsed.set(key, result);
  return result;
}

const holidayCountries = new Map<string, boolean>();

/**
 * Whether the library knows the country's public holidays. It logs an error (console.error) and
 * throws when asked about a country it does not know, so each country is tried once, quietly
 * (synchronous: nothing else runs while console.error is set aside).
 */
function knowsHolidays(country: string): boolean {
  const known = holidayCountries.get(country);
  if (known !== undefined) return known;
  const logError = console.error;
  let result = false;
  console.error = () => undefined;
  try {
    const probe = new OpeningHours("PH off", {
      lat: 0,
      lon: 0,
      address: { country_code: country, state: "" },
    });
    probe.getState(new Date(2026, 0, 1, 12));
    result = true;
  } catch {
    result = false;
  } finally {
    console.error = logError;
  }
  holidayCountries.set(country, result);
  return result;
}

function build(value: string, country: string, where: LocalContext): OpeningHours {
  const hours = new OpeningHours(
    value,
    /^[a-z]{2}$/.test(country) && knowsHolidays(country)
      ? {
          lat: where.lat,
          lon: where.lng,
          address: { country_code: country, state: where.state ?? "" },
        }
      : null,
  );
  // Some mistakes only show on evaluation: find them now, not in the middle of a plan.
  hours.getState(new Date(2026, 0, 1, 12));
  return hours;
}

const isValidMoment = (date: string, time: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && /^([01]\d|2[0-3]):[0-5]\d$/.test(time);

/** Whether a place with these OSM hours is open at the destination's local date and time. */
export function isOpenAt(openingHours: string | null | undefined, at: LocalMoment): OpenState {
  if (!openingHours?.trim() || !isValidMoment(at.localDate, at.localTime)) return "unknown";
  const hours = parse(openingHours.trim(), at);
  if (!hours) return "unknown";
  const state = hours.getStateString(processLocal(at.localDate, at.localTime), true);
  return state === "open" ? "open" : state === "unknown" ? "unknown" : "closed";
}

/**
 * Whether a visit may be scheduled then: open, or hours unknown and within DAYTIME_HOURS. The
 * planner's rule; the page says "hours unknown" for the second case.
 */
export function mayVisitAt(openingHours: string | null | undefined, at: LocalMoment): boolean {
  const state = isOpenAt(openingHours, at);
  if (state !== "unknown") return state === "open";
  return at.localTime >= DAYTIME_HOURS.from && at.localTime < DAYTIME_HOURS.to;
}

/**
 * One opening on a day, in the destination's time: `to` on the next day when `nextDay` (e.g. a bar
 * open 18:00–02:00). `unknown`: the hours say it may be open then ("by appointment").
 */
export type OpenInterval = { from: string; to: string; nextDay: boolean; unknown: boolean };

/**
 * The openings that start on `localDate` (a night that began the day before is that day's), or
 * "all-day" when open around the clock, or null when the hours are missing or unreadable. An empty
 * list means closed that day.
 */
export function openIntervalsOn(
  openingHours: string | null | undefined,
  on: LocalContext & { localDate: string },
): OpenInterval[] | "all-day" | null {
  if (!openingHours?.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(on.localDate)) return null;
  const hours = parse(openingHours.trim(), on);
  if (!hours) return null;
  const dayStart = processLocal(on.localDate);
  const nextDay = processLocal(on.localDate, "00:00", 1);
  const intervals = hours.getOpenIntervals(
    processLocal(on.localDate, "00:00", -1),
    processLocal(on.localDate, "00:00", 2),
  );
  const result: OpenInterval[] = [];
  for (const [from, to, unknown] of intervals) {
    if (from < dayStart && to >= nextDay) return "all-day";
    if (from < dayStart || from >= nextDay) continue;
    const endsAtMidnight = to.getTime() === nextDay.getTime();
    result.push({
      from: hhmm(from),
      to: endsAtMidnight ? "24:00" : hhmm(to),
      nextDay: to > nextDay,
      unknown,
    });
  }
  return result;
}

/**
 * The hours on that day in words: "Open 09:00–18:00 on Tue 29 Dec", "Open 12:00–15:00 and
 * 19:00–23:30 on …", "Open 24 hours on …", "Closed on …", or "Hours unknown".
 */
export function formatHoursOn(
  openingHours: string | null | undefined,
  on: LocalContext & { localDate: string },
): string {
  const intervals = openIntervalsOn(openingHours, on);
  if (intervals === null) return "Hours unknown";
  const day = formatDayLabel(on.localDate);
  if (intervals === "all-day") return `Open 24 hours on ${day}`;
  const known = intervals.filter((i) => !i.unknown);
  if (known.length === 0)
    return intervals.length > 0 ? `Hours unknown on ${day}` : `Closed on ${day}`;
  const spans = known.map((i) => `${i.from}–${i.to}`);
  const listed =
    spans.length === 1 ? spans[0] : `${spans.slice(0, -1).join(", ")} and ${spans.at(-1)}`;
  return `Open ${listed} on ${day}`;
}

/**
 * The realism checks' `openAt` for a trip's destination: its country's public holidays (from the
 * English country name the trip's place keeps) and its position for sun times.
 */
export function openAtIn(place: { country: string; lat: number; lng: number }): OpenAt {
  const where: LocalContext = {
    countryCode: countryCodeOf(place.country),
    lat: place.lat,
    lng: place.lng,
  };
  return (openingHours, localDate, localTime) =>
    isOpenAt(openingHours, { ...where, localDate, localTime });
}
