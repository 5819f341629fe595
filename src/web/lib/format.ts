import { MONTHS, WEEKDAYS } from "#shared/format.ts";

// en-US by hand, the same text Intl.NumberFormat and Intl.DateTimeFormat give for these fixed
// formats (format.test.ts compares them): a page's first Intl object loads ICU's data, 45–65 ms of
// main thread on the machines we measure and about 4× that on a mid-range phone, which the trip
// list would pay on every load for month names and thousands separators.

/** A YYYY-MM-DD calendar date as UTC, so no time zone shifts a day. */
const calendarDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

export const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * Whole dollars and cents of a non-negative amount, rounded as Intl rounds: half away from zero, on
 * the shortest decimal that reads back as the number (0.995 is "0.995", so $1, where toFixed, which
 * rounds the binary value 0.99499…, says 0.99).
 */
function dollarsAndCents(amount: number): [string, string] {
  const text = amount.toString();
  if (text.includes("e")) {
    const [whole = "0", cents = "00"] = amount.toFixed(2).split(".");
    return [whole, cents];
  }
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length <= 2) return [whole, fraction.padEnd(2, "0")];
  const cents = BigInt(`${whole}${fraction.slice(0, 2)}`) + ((fraction[2] ?? "0") >= "5" ? 1n : 0n);
  const digits = cents.toString().padStart(3, "0");
  return [digits.slice(0, -2), digits.slice(-2)];
}

/** US dollars, cents only when there are any: `$1,234`, `$12.5`, `$12.05`. */
export function formatUsd(amount: number) {
  const [whole, cents] = dollarsAndCents(Math.abs(amount));
  const fraction = cents.replace(/0+$/, "");
  const text = `$${grouped(whole)}${fraction ? `.${fraction}` : ""}`;
  // As Intl: negative amounts keep their sign even when they round to zero, -0 included.
  return amount < 0 || Object.is(amount, -0) ? `-${text}` : text;
}

/** `Jan 5, 2026` */
export function formatDate(isoDate: string) {
  const date = calendarDate(isoDate);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** `Mon, Jan 5` */
export function formatWeekday(isoDate: string) {
  const date = calendarDate(isoDate);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

export const formatDateRange = (start: string, end: string) =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
