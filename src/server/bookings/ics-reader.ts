import ICAL from "ical.js";
import { isTimeZone } from "#shared/zoned-time.ts";
import { vtimezoneOffset } from "./vtimezone-offset.ts";
import { cleanText, emptyReading, type BookingTime, type Reading } from "./booking-reading.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/** `Flight AF 1234 Lyon → Paris`, `Train from Lyon to Paris`: a calendar entry that is a journey. */
const JOURNEY = /^(flight|train|bus|coach|ferry|boat)\b(.*)$/i;
const ARROW = /\s*(?:→|->|–|—|\bto\b)\s*/i;

/** A journey's summary as mode, number, from and to; null when it does not read as one. */
function journeyOf(summary: string) {
  const match = JOURNEY.exec(summary);
  if (!match) return null;
  const rest = match[2] ?? "";
  const colon = rest.indexOf(":");
  const route = colon === -1 ? rest.replace(/^.*?\bfrom\b/i, "") : rest.slice(colon + 1);
  const arrow = ARROW.exec(route);
  if (!arrow) return null;
  const from = cleanText(route.slice(0, arrow.index));
  const to = cleanText(route.slice(arrow.index + arrow[0].length));
  const mode = MODES[(match[1] ?? "").toLowerCase() as keyof typeof MODES];
  if (!from || !to) return null;
  return { mode, from, to, number: colon === -1 ? null : cleanText(rest.slice(0, colon), 40) };
}
const MODES = {
  flight: "flight",
  train: "train",
  bus: "bus",
  coach: "bus",
  ferry: "ferry",
  boat: "ferry",
} as const;

/**
 * A VEVENT time as written: its wall-clock part and zone. An IANA TZID is the zone; another TZID
 * gives its offset from the file's own VTIMEZONE (read locally: a file's zones are never
 * registered for other requests); UTC is offset 0.
 */
function timeOf(
  time: ICAL.Time | null | undefined,
  tzid: string | null,
  zones: Map<string, ICAL.Component>,
): BookingTime | null {
  if (!time) return null;
  const local = `${time.year}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}`;
  if (time.isDate) return { local, offsetMinutes: null, zone: null, dateOnly: true };
  if (time.zone === ICAL.Timezone.utcTimezone)
    return { local, offsetMinutes: 0, zone: null, dateOnly: false };
  if (tzid && isTimeZone(tzid)) return { local, offsetMinutes: null, zone: tzid, dateOnly: false };
  const vtimezone = tzid ? zones.get(tzid) : undefined;
  const offset = vtimezone ? vtimezoneOffset(vtimezone, local) : null;
  if (offset !== null) return { local, offsetMinutes: offset, zone: null, dateOnly: false };
  return { local, offsetMinutes: null, zone: null, dateOnly: false };
}

/** Every VEVENT of a calendar file: a journey when its summary says so, otherwise an activity. */
export function readCalendar(text: string): Reading {
  const reading = emptyReading();
  const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const calendars = root.name === "vcalendar" ? [root] : root.getAllSubcomponents("vcalendar");
  for (const calendar of calendars) {
    const zones = new Map<string, ICAL.Component>();
    for (const component of calendar.getAllSubcomponents("vtimezone")) {
      const tzid = component.getFirstPropertyValue("tzid");
      if (typeof tzid === "string") zones.set(tzid, component);
    }
    for (const vevent of calendar.getAllSubcomponents("vevent")) {
      if (/cancel/i.test(String(vevent.getFirstPropertyValue("status") ?? ""))) continue;
      const startProperty = vevent.getFirstProperty("dtstart");
      const endProperty = vevent.getFirstProperty("dtend");
      const tzidOf = (p: ICAL.Property | null) => {
        const value = p?.getParameter("tzid");
        return typeof value === "string" ? value : null;
      };
      const start = timeOf(
        startProperty?.getFirstValue() as ICAL.Time | null,
        tzidOf(startProperty),
        zones,
      );
      const end = timeOf(
        endProperty?.getFirstValue() as ICAL.Time | null,
        tzidOf(endProperty),
        zones,
      );
      const summary = cleanText(vevent.getFirstPropertyValue("summary"));
      if (!start || !summary) continue;
      const location = cleanText(vevent.getFirstPropertyValue("location"));
      const journey = journeyOf(summary);
      if (journey && end && !start.dateOnly) {
        reading.journeys.push({
          ...journey,
          depart: start,
          arrive: end,
          carrier: null,
          reference: null,
          notes: null,
        });
        continue;
      }
      reading.activities.push({
        start,
        end: end && !start.dateOnly && !end.dateOnly ? end : null,
        activity: summary,
        location,
        reference: null,
        kind: "calendar",
      });
    }
  }
  return reading;
}
