import { isTimeZone } from "#shared/zoned-time.ts";
import {
  icsTime,
  paramOf,
  parseIcs,
  propertyOfComponent,
  subcomponents,
  textValue,
  type IcsComponent,
  type IcsProperty,
} from "./ics-parse.ts";
import { offsetAt, zoneRules, type Observance } from "./vtimezone-offset.ts";
import { cleanText, emptyReading, type BookingTime, type Reading } from "./booking-reading.ts";

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

/** Events read from one file; a calendar of thousands is not a booking, and its rest is not read. */
const MAX_EVENTS = 200;
/** Time zones a file may define (looked up by TZID in a map, each read once). */
const MAX_ZONES = 50;

type Zones = Map<string, { component: IcsComponent; rules?: Observance[] }>;

/**
 * A VEVENT time as written: its wall-clock part and zone. An IANA TZID is the zone; another TZID
 * gives its offset from the file's own VTIMEZONE (read locally: a file's zones are never
 * registered for other requests, and looked up in a map, an undefined one costing nothing); UTC
 * is offset 0.
 */
function timeOf(property: IcsProperty | null, zones: Zones): BookingTime | null {
  const time = property ? icsTime(property.value) : null;
  if (!time) return null;
  const { local } = time;
  if (time.dateOnly) return { local, offsetMinutes: null, zone: null, dateOnly: true };
  if (time.utc) return { local, offsetMinutes: 0, zone: null, dateOnly: false };
  const tzid = property ? paramOf(property, "TZID") : null;
  if (tzid && isTimeZone(tzid)) return { local, offsetMinutes: null, zone: tzid, dateOnly: false };
  const zone = tzid ? zones.get(tzid) : undefined;
  if (zone) zone.rules ??= zoneRules(zone.component);
  const offset = zone?.rules ? offsetAt(zone.rules, local) : null;
  if (offset !== null) return { local, offsetMinutes: offset, zone: null, dateOnly: false };
  return { local, offsetMinutes: null, zone: null, dateOnly: false };
}

const textOf = (component: IcsComponent, name: string) => {
  const value = propertyOfComponent(component, name)?.value;
  return value === undefined ? null : cleanText(textValue(value));
};

/** Every VEVENT of a calendar file (at most MAX_EVENTS): a journey when its summary says so, otherwise an activity. */
export function readCalendar(text: string): Reading {
  const reading = emptyReading();
  const top = parseIcs(text);
  const calendars = top.flatMap((c) =>
    c.name === "VCALENDAR" ? [c] : subcomponents(c, "VCALENDAR"),
  );
  let events = 0;
  for (const calendar of calendars) {
    const zones: Zones = new Map();
    for (const component of subcomponents(calendar, "VTIMEZONE").slice(0, MAX_ZONES)) {
      const tzid = propertyOfComponent(component, "TZID")?.value;
      if (tzid && !zones.has(tzid)) zones.set(tzid, { component });
    }
    for (const vevent of subcomponents(calendar, "VEVENT")) {
      if (events >= MAX_EVENTS) return reading;
      events += 1;
      if (/cancel/i.test(propertyOfComponent(vevent, "STATUS")?.value ?? "")) continue;
      const start = timeOf(propertyOfComponent(vevent, "DTSTART"), zones);
      const end = timeOf(propertyOfComponent(vevent, "DTEND"), zones);
      const summary = textOf(vevent, "SUMMARY");
      if (!start || !summary) continue;
      const location = textOf(vevent, "LOCATION");
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
