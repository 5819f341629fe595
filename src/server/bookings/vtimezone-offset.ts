import type ICAL from "ical.js";

/*
 * The offset a calendar file's own VTIMEZONE gives a wall-clock time (for a TZID that is not an IANA
 * name, such as Outlook's "Romance Standard Time"). Read here rather than with ical.js's Timezone,
 * which expands each rule year by year from its DTSTART (often 1601) and whose rules a file could
 * make arbitrarily dense: only the usual yearly "nth weekday of a month" rule is followed, so the
 * work is a few steps whatever the file says.
 */

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
const pad = (n: number) => String(n).padStart(2, "0");

type Rule = { month: number; nth: number; weekday: number };
type Observance = {
  start: string;
  offsetMinutes: number;
  rule: Rule | null;
  hour: number;
  minute: number;
};

/** The day of the month of the nth (or, negative, nth-last) weekday of a month. */
function nthWeekday(year: number, month: number, { nth, weekday }: Rule): number | null {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    const day = 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7;
    return day <= days ? day : null;
  }
  const last = new Date(Date.UTC(year, month - 1, days)).getUTCDay();
  const day = days - ((last - weekday + 7) % 7) + (nth + 1) * 7;
  return day >= 1 ? day : null;
}

function ruleOf(recur: unknown): Rule | null {
  if (typeof recur !== "object" || recur === null) return null;
  const { freq, parts } = recur as { freq?: unknown; parts?: Record<string, unknown> };
  const months = parts?.BYMONTH;
  const days = parts?.BYDAY;
  if (freq !== "YEARLY" || !Array.isArray(months) || !Array.isArray(days)) return null;
  if (months.length !== 1 || days.length !== 1) return null;
  const match = /^([+-]?[1-5])([A-Z]{2})$/.exec(String(days[0]));
  const weekday = WEEKDAYS.indexOf(match?.[2] ?? "");
  const month = Number(months[0]);
  if (!match || weekday === -1 || !Number.isInteger(month) || month < 1 || month > 12) return null;
  return { month, nth: Number(match[1]), weekday };
}

function observancesOf(vtimezone: ICAL.Component): Observance[] {
  return [
    ...vtimezone.getAllSubcomponents("standard"),
    ...vtimezone.getAllSubcomponents("daylight"),
  ].flatMap((component) => {
    const start = component.getFirstPropertyValue("dtstart") as ICAL.Time | null;
    const offset = component.getFirstPropertyValue("tzoffsetto") as ICAL.UtcOffset | null;
    if (!start || !offset || typeof offset.toSeconds !== "function") return [];
    return [
      {
        start: `${start.year}-${pad(start.month)}-${pad(start.day)}T${pad(start.hour)}:${pad(start.minute)}`,
        offsetMinutes: Math.round(offset.toSeconds() / 60),
        rule: ruleOf(component.getFirstPropertyValue("rrule")),
        hour: start.hour,
        minute: start.minute,
      },
    ];
  });
}

/** The offset in minutes at a local time (`YYYY-MM-DDTHH:MM`), or null when the zone says nothing usable. */
export function vtimezoneOffset(vtimezone: ICAL.Component, local: string): number | null {
  const observances = observancesOf(vtimezone);
  const year = Number(local.slice(0, 4));
  let best: { at: string; offsetMinutes: number } | null = null;
  for (const observance of observances) {
    const transitions = observance.rule
      ? [year - 1, year].flatMap((y) => {
          const rule = observance.rule as Rule;
          const day = nthWeekday(y, rule.month, rule);
          return day === null
            ? []
            : [
                `${y}-${pad(rule.month)}-${pad(day)}T${pad(observance.hour)}:${pad(observance.minute)}`,
              ];
        })
      : [observance.start];
    for (const at of transitions) {
      if (at < observance.start || at > local) continue;
      if (!best || at > best.at) best = { at, offsetMinutes: observance.offsetMinutes };
    }
  }
  return best?.offsetMinutes ?? observances[0]?.offsetMinutes ?? null;
}
