import { icsTime, propertyOfComponent, subcomponents, type IcsComponent } from "./ics-parse.ts";

/*
 * The offset a calendar file's own VTIMEZONE gives a wall-clock time (for a TZID that is not an IANA
 * name, such as Outlook's "Romance Standard Time"). Read here rather than with ical.js's Timezone,
 * which expands each rule year by year from its DTSTART (often 1601) and whose rules a file could
 * make arbitrarily dense: only the usual yearly "nth weekday of a month" rule is followed, so the
 * work is a few steps whatever the file says. A zone's observances are read once (`zoneRules`, at
 * most MAX_OBSERVANCES) and each time looked up in them (`offsetAt`).
 */

const MAX_OBSERVANCES = 20;

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
const pad = (n: number) => String(n).padStart(2, "0");

type Rule = { month: number; nth: number; weekday: number };
export type Observance = {
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

/** `FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU` as a month and its nth weekday; null for any other rule. */
function ruleOf(recur: string | null): Rule | null {
  if (!recur) return null;
  const parts = new Map(
    recur.split(";").map((part) => {
      const [key = "", value = ""] = part.split("=");
      return [key.trim().toUpperCase(), value.trim().toUpperCase()] as const;
    }),
  );
  if (parts.get("FREQ") !== "YEARLY") return null;
  const months = (parts.get("BYMONTH") ?? "").split(",");
  const days = (parts.get("BYDAY") ?? "").split(",");
  if (months.length !== 1 || days.length !== 1) return null;
  const match = /^([+-]?[1-5])([A-Z]{2})$/.exec(days[0] ?? "");
  const weekday = WEEKDAYS.indexOf(match?.[2] ?? "");
  const month = Number(months[0]);
  if (!match || weekday === -1 || !Number.isInteger(month) || month < 1 || month > 12) return null;
  return { month, nth: Number(match[1]), weekday };
}

/** `+0100`, `-0530`, `+013000` in minutes; null when it is not an offset. */
function offsetMinutesOf(value: string | undefined): number | null {
  const match = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(value?.trim() ?? "");
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]) + Math.round(Number(match[4] ?? 0) / 60);
  return match[1] === "-" ? -minutes : minutes;
}

/** A VTIMEZONE's observances (STANDARD and DAYLIGHT), read once for every time looked up in it. */
export function zoneRules(vtimezone: IcsComponent): Observance[] {
  return [...subcomponents(vtimezone, "STANDARD"), ...subcomponents(vtimezone, "DAYLIGHT")]
    .slice(0, MAX_OBSERVANCES)
    .flatMap((component) => {
      const start = icsTime(propertyOfComponent(component, "DTSTART")?.value ?? "");
      const offsetMinutes = offsetMinutesOf(propertyOfComponent(component, "TZOFFSETTO")?.value);
      if (!start || offsetMinutes === null) return [];
      return [
        {
          start: start.local,
          offsetMinutes,
          rule: ruleOf(propertyOfComponent(component, "RRULE")?.value ?? null),
          hour: Number(start.local.slice(11, 13)),
          minute: Number(start.local.slice(14, 16)),
        },
      ];
    });
}

/** The offset in minutes at a local time (`YYYY-MM-DDTHH:MM`), or null when the zone says nothing usable. */
export function offsetAt(observances: Observance[], local: string): number | null {
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

/** The offset a VTIMEZONE gives a local time (`zoneRules` then `offsetAt`). */
export const vtimezoneOffset = (vtimezone: IcsComponent, local: string) =>
  offsetAt(zoneRules(vtimezone), local);
