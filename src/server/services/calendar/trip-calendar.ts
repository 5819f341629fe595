import type { Activity, Day, TripPlace } from "#shared/schemas/itinerary.ts";
import { PRODUCT_NAME } from "#shared/constants.ts";
import { countryCodeOf } from "#shared/country-code.ts";
import { withoutDayFacts } from "#shared/day-facts.ts";
import { formatHoursOn } from "#shared/opening-hours.ts";
import { isKnownTimeZone, vtimezoneLines } from "./vtimezone.ts";

export type CalendarTrip = {
  id: string;
  /** The trip's own name, the calendar's title (the destination when absent). */
  name?: string;
  destination: string;
  startDate: string;
  endDate: string;
  itinerary: { days: Day[] };
  place: TripPlace | null;
};

/**
 * RFC 5545 TEXT: backslash, semicolon, comma and line breaks are escaped, and other control characters
 * (ESC, VT, DEL, C1), which TEXT may not hold, are dropped: text saved before they were refused, or
 * from a source that does not refuse them, must not reach a calendar (or the terminal that shows it).
 */
export function escapeText(value: string): string {
  return value
    .replace(/(?![\t\n\r])\p{Cc}/gu, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (size + bytes > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const basicDate = (date: string) => date.replace(/-/g, "");
const basicTime = (time: string) => `${time.replace(":", "")}00`;

/**
 * The local date-time (basic format) `minutes` after a day's wall-clock time: the activity's own
 * length, never the gap to the next stop. Counted on the wall clock (UTC arithmetic, no zone), so an
 * evening that runs past midnight ends on the next date.
 */
function endOf(date: string, time: string, minutes: number): string {
  const end = new Date(new Date(`${date}T${time}:00Z`).getTime() + minutes * 60_000);
  const iso = end.toISOString();
  return `${basicDate(iso.slice(0, 10))}T${basicTime(iso.slice(11, 16))}`;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * The hours of the activity's place on its own day, computed here (never read from its description,
 * which would go stale when the day moves): for matched places only.
 */
function hoursOn(activity: Activity, date: string, place: TripPlace | null): string | null {
  if (activity.osmId === null) return null;
  const where = {
    countryCode: place ? countryCodeOf(place.country) : null,
    lat: activity.lat ?? place?.lat ?? 0,
    lng: activity.lng ?? place?.lng ?? 0,
  };
  return formatHoursOn(activity.openingHours, { ...where, localDate: date });
}

function describe(activity: Activity, date: string, place: TripPlace | null): string {
  const cost =
    activity.cost === null
      ? "Cost: unknown"
      : activity.cost === 0
        ? "Cost: free"
        : `Cost: ${usd.format(activity.cost)}`;
  return [withoutDayFacts(activity.description), hoursOn(activity, date, place) ?? "", cost]
    .filter((part) => part.length > 0)
    .join("\n");
}

/**
 * The trip as an iCalendar file: one VEVENT per activity, its UID the activity's id (stable across
 * edits and re-exports, so calendars update events instead of duplicating them). Times are in the
 * destination's zone (TZID plus its VTIMEZONE) or floating local times when the zone is unknown.
 */
export function tripCalendar(trip: CalendarTrip, now: Date = new Date()): string {
  const zone =
    trip.place?.timezone && isKnownTimeZone(trip.place.timezone) ? trip.place.timezone : null;
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${PRODUCT_NAME}//Trip calendar//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(`${trip.name ?? trip.destination} (${trip.startDate} – ${trip.endDate})`)}`,
    ...(zone
      ? [`X-WR-TIMEZONE:${zone}`, ...vtimezoneLines(zone, trip.startDate, trip.endDate)]
      : []),
  ];
  for (const day of trip.itinerary.days) {
    for (const activity of day.activities) {
      const start = `${basicDate(day.date)}T${basicTime(activity.time)}`;
      const end = endOf(day.date, activity.time, activity.durationMinutes);
      lines.push(
        "BEGIN:VEVENT",
        `UID:${activity.id}`,
        `DTSTAMP:${stamp}`,
        zone ? `DTSTART;TZID=${zone}:${start}` : `DTSTART:${start}`,
        zone ? `DTEND;TZID=${zone}:${end}` : `DTEND:${end}`,
        `SUMMARY:${escapeText(activity.activity)}`,
        `LOCATION:${escapeText(activity.location)}`,
        `DESCRIPTION:${escapeText(describe(activity, day.date, trip.place))}`,
        ...(activity.lat !== null && activity.lng !== null
          ? [`GEO:${activity.lat.toFixed(6)};${activity.lng.toFixed(6)}`]
          : []),
        "END:VEVENT",
      );
    }
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** `Lisbon 2027-03-01 to 2027-03-05.ics`, safe for every file system; non-ASCII kept for filename*. */
export function calendarFileName(
  trip: Pick<CalendarTrip, "destination" | "startDate" | "endDate">,
) {
  const base =
    trip.destination
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 80) || "Trip";
  return `${base} ${trip.startDate} to ${trip.endDate}.ics`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
