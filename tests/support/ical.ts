import ICAL from "ical.js";

/** Parses an iCalendar file with ical.js, registering its VTIMEZONEs so event times resolve. */
export function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  return { calendar, events };
}
