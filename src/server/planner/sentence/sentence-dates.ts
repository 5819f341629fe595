import { LONG_MONTHS } from "#shared/format.ts";
import { daysBetween as daysBetweenDates } from "#shared/trip-dates.ts";

/**
 * Trip dates as people write them: "from March 16th to March 18th, 2022", "between March 9th and
 * 13th, 2022", "May 3–10", "3 to 7 June". A missing year is the next time those dates come round.
 */

const MONTHS = LONG_MONTHS.map((m) => m.toLowerCase());
const MONTH = `(${MONTHS.join("|")}|${MONTHS.map((m) => m.slice(0, 3)).join("|")})\\.?`;
const DAY = `(\\d{1,2})(?:st|nd|rd|th)?`;
const YEAR = `(?:,?\\s*(\\d{4}))?`;
const JOIN = `\\s*(?:to|through|until|till|and(?:\\s+(?:conclude|end|finish|return|come\\s+back)s?\\s+on)?|-|–|—)\\s*(?:the\\s+)?`;

// "March 16th[, 2022] to [March] 18th[, 2022]"
const MONTH_FIRST = new RegExp(
  `${MONTH}\\s+${DAY}${YEAR}${JOIN}(?:${MONTH}\\s+)?${DAY}${YEAR}`,
  "i",
);
// "16[th] [March] to 18[th] March[ 2022]"
const DAY_FIRST = new RegExp(
  `\\b(?:the\\s+)?${DAY}(?:\\s+(?:of\\s+)?${MONTH})?${JOIN}${DAY}\\s+(?:of\\s+)?${MONTH}${YEAR}`,
  "i",
);

const monthIndex = (name: string | undefined) =>
  name ? MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) : -1;

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

function valid(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m && date.getUTCDate() === d;
}

export type SentenceDates = { startDate: string; endDate: string; text: string };

/**
 * The first date range in the text. `today` (YYYY-MM-DD) decides the year when none is written:
 * the next occurrence of the start date on or after today.
 */
export function readDates(text: string, today: string): SentenceDates | null {
  const monthFirst = MONTH_FIRST.exec(text);
  const dayFirst = DAY_FIRST.exec(text);
  const first =
    monthFirst && (!dayFirst || monthFirst.index <= dayFirst.index)
      ? "month"
      : dayFirst
        ? "day"
        : null;
  if (!first) return null;
  let parts: { m1: number; d1: number; y1?: number; m2: number; d2: number; y2?: number };
  let matched: string;
  if (first === "month" && monthFirst) {
    const [all, mo1, da1, ye1, mo2, da2, ye2] = monthFirst;
    matched = all;
    const m1 = monthIndex(mo1);
    parts = {
      m1,
      d1: Number(da1),
      y1: ye1 ? Number(ye1) : undefined,
      m2: mo2 ? monthIndex(mo2) : m1,
      d2: Number(da2),
      y2: ye2 ? Number(ye2) : undefined,
    };
  } else if (dayFirst) {
    const [all, da1, mo1, da2, mo2, ye2] = dayFirst;
    matched = all;
    const m2 = monthIndex(mo2);
    parts = {
      m1: mo1 ? monthIndex(mo1) : m2,
      d1: Number(da1),
      m2,
      d2: Number(da2),
      y2: ye2 ? Number(ye2) : undefined,
    };
  } else return null;
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const year1 =
    parts.y1 ??
    (parts.y2 !== undefined
      ? parts.y2 - (parts.m2 < parts.m1 ? 1 : 0)
      : parts.m1 > tm - 1 || (parts.m1 === tm - 1 && parts.d1 >= td)
        ? ty
        : ty + 1);
  const year2 = parts.y2 ?? (parts.m2 < parts.m1 ? year1 + 1 : year1);
  if (!valid(year1, parts.m1, parts.d1) || !valid(year2, parts.m2, parts.d2)) return null;
  const startDate = iso(year1, parts.m1, parts.d1);
  const endDate = iso(year2, parts.m2, parts.d2);
  if (endDate < startDate) return null;
  return { startDate, endDate, text: matched.trim() };
}

/** Days from one ISO date to another, both counted. */
export function daysBetween(startDate: string, endDate: string): number {
  return daysBetweenDates(startDate, endDate) + 1;
}
