import type { Activity, Day, TripPlace } from "#shared/schemas/itinerary.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { PRODUCT_NAME } from "#shared/constants.ts";
import { countryCodeOf } from "#shared/country-code.ts";
import { withoutDayFacts } from "#shared/day-facts.ts";
import { travelFrom } from "#shared/travel-note.ts";
import { legText } from "#shared/travel-leg.ts";
import { formatHoursOn } from "#shared/opening-hours.ts";
import { isTimeZone } from "#shared/zoned-time.ts";
import { vtimezoneLines } from "./vtimezone.ts";

export type CalendarTrip = {
  id: string;
  /** The trip's own name, the calendar's title (the destination when absent). */
  name?: string;
  destination: string;
  startDate: string;
  endDate: string;
  itinerary: { days: Day[] };
  place: TripPlace | null;
  /** Each activity is in its own stop's zone (the trip's when its stop's is unknown). */
  stops?: readonly Pick<TripStop, "place">[];
  /** Journeys, each an event from its departure zone to its arrival zone. */
  transport?: readonly (Omit<Transport, "reference"> & { reference?: string | null })[];
  /** Stays, each an all-day event from check-in to check-out. */
  stays?: readonly (Omit<Stay, "reference"> & { reference?: string | null })[];
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

function describe(
  activity: Activity,
  previous: Activity | undefined,
  date: string,
  place: TripPlace | null,
): string {
  const cost =
    activity.cost === null
      ? "Cost: unknown"
      : activity.cost === 0
        ? "Cost: free"
        : `Cost: ${usd.format(activity.cost)}`;
  // The way from the activity before is drawn now, from the day as it is (travel-note.ts).
  return [
    withoutDayFacts(activity.description),
    (activity.travel
      ? `Getting here: ${legText(activity.travel)}`
      : travelFrom(previous, activity)) ?? "",
    hoursOn(activity, date, place) ?? "",
    cost,
  ]
    .filter((part) => part.length > 0)
    .join("\n");
}

const knownZone = (zone: string | null | undefined) => (zone && isTimeZone(zone) ? zone : null);

const MODE_TITLES: Record<Transport["mode"], string> = {
  flight: "Flight",
  train: "Train",
  bus: "Bus",
  car: "Drive",
  ferry: "Ferry",
  other: "Journey",
};

/** `DTSTART;TZID=Europe/Paris:20271230T100000`, or a floating time when the zone is unknown. */
const zoned = (name: string, zone: string | null, value: string) =>
  zone ? `${name};TZID=${zone}:${value}` : `${name}:${value}`;

const basicDateTime = (local: string) =>
  `${basicDate(local.slice(0, 10))}T${basicTime(local.slice(11, 16))}`;

const lastOf = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a));
const firstOf = (dates: string[]) => dates.reduce((a, b) => (b < a ? b : a));

/**
 * The trip as an iCalendar file: one VEVENT per activity, its UID the activity's id (stable across
 * edits and re-exports, so calendars update events instead of duplicating them). Times are in the
 * zone of the activity's own stop (TZID plus its VTIMEZONE), or floating local times when the zone
 * is unknown. Each journey runs from its departure zone to its arrival zone (a VTIMEZONE for each);
 * each stay is an all-day event from check-in to check-out (the check-out day itself excluded, as
 * iCalendar's DTEND is).
 */
export function tripCalendar(trip: CalendarTrip, now: Date = new Date()): string {
  const tripZone = knownZone(trip.place?.timezone);
  const stopZone = (index: number) => knownZone(trip.stops?.[index]?.place?.timezone) ?? tripZone;
  const transport = trip.transport ?? [];
  const stays = trip.stays ?? [];
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const events: string[] = [];
  const zones = new Set<string>();
  const use = (zone: string | null) => {
    if (zone) zones.add(zone);
    return zone;
  };
  for (const day of trip.itinerary.days) {
    for (const [index, activity] of day.activities.entries()) {
      const zone = use(stopZone(activityStopIndex(activity, day)));
      const start = `${basicDate(day.date)}T${basicTime(activity.time)}`;
      const end = endOf(day.date, activity.time, activity.durationMinutes);
      events.push(
        "BEGIN:VEVENT",
        `UID:${activity.id}`,
        `DTSTAMP:${stamp}`,
        zoned("DTSTART", zone, start),
        zoned("DTEND", zone, end),
        `SUMMARY:${escapeText(activity.activity)}`,
        `LOCATION:${escapeText(activity.location)}`,
        `DESCRIPTION:${escapeText(describe(activity, day.activities[index - 1], day.date, trip.place))}`,
        ...(activity.lat !== null && activity.lng !== null
          ? [`GEO:${activity.lat.toFixed(6)};${activity.lng.toFixed(6)}`]
          : []),
        "END:VEVENT",
      );
    }
  }
  for (const journey of transport) {
    const departZone = use(knownZone(journey.departZone));
    const arriveZone = use(knownZone(journey.arriveZone));
    const title = [
      `${MODE_TITLES[journey.mode]} ${journey.from} → ${journey.to}`,
      [journey.carrier, journey.number].filter(Boolean).join(" "),
    ]
      .filter((part) => part.length > 0)
      .join(" · ");
    const details = [
      journey.reference ? `Booking reference: ${journey.reference}` : "",
      journey.notes ?? "",
    ].filter((part) => part.length > 0);
    events.push(
      "BEGIN:VEVENT",
      `UID:${journey.id}`,
      `DTSTAMP:${stamp}`,
      zoned("DTSTART", departZone, basicDateTime(journey.departAt)),
      zoned("DTEND", arriveZone, basicDateTime(journey.arriveAt)),
      `SUMMARY:${escapeText(title)}`,
      `LOCATION:${escapeText(journey.from)}`,
      ...(details.length > 0 ? [`DESCRIPTION:${escapeText(details.join("\n"))}`] : []),
      "END:VEVENT",
    );
  }
  for (const stay of stays) {
    events.push(
      "BEGIN:VEVENT",
      `UID:${stay.id}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(stay.checkIn)}`,
      `DTEND;VALUE=DATE:${basicDate(stay.checkOut)}`,
      `SUMMARY:${escapeText(`Stay: ${stay.name}`)}`,
      `LOCATION:${escapeText(stay.address ?? stay.name)}`,
      ...(stay.reference
        ? [`DESCRIPTION:${escapeText(`Booking reference: ${stay.reference}`)}`]
        : []),
      ...(stay.lat !== null && stay.lng !== null
        ? [`GEO:${stay.lat.toFixed(6)};${stay.lng.toFixed(6)}`]
        : []),
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  // Each zone's VTIMEZONE covers the whole trip and every journey's dates.
  const dates = [
    trip.startDate,
    trip.endDate,
    ...transport.flatMap((j) => [j.departAt.slice(0, 10), j.arriveAt.slice(0, 10)]),
  ];
  const [first, last] = [firstOf(dates), lastOf(dates)];
  const calendarZone = tripZone ?? [...zones][0] ?? null;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${PRODUCT_NAME}//Trip calendar//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(`${trip.name ?? trip.destination} (${trip.startDate} – ${trip.endDate})`)}`,
    ...(calendarZone ? [`X-WR-TIMEZONE:${calendarZone}`] : []),
    ...[...zones].flatMap((zone) => vtimezoneLines(zone, first, last)),
    ...events,
    "END:VCALENDAR",
  ];
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
