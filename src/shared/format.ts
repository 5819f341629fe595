// en-US names written out rather than asked of Intl: a page's first Intl object loads ICU's data
// (web/lib/format.ts says what that costs), and these texts must read the same on the server.

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;
const LONG_WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "Mon 12 May" from YYYY-MM-DD, in UTC so no time zone shifts the day (and no locale data is needed). */
export function formatDayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "Tuesday, 29 December" from YYYY-MM-DD (the calendar date itself, no time zone involved). */
export function formatLongDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return `${LONG_WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${LONG_MONTHS[d.getUTCMonth()]}`;
}

/** "About 14 km" / "About 2.5 km": whole kilometres from 10 on, one decimal below (no trailing ".0"). */
export function formatKm(km: number): string {
  if (km >= 10) return `${Math.round(km)} km`;
  return `${Number(km.toFixed(1))} km`;
}

/** "1 minute", "45 minutes", "1 hour", "2 hours 5 minutes". */
export function formatMinutes(total: number): string {
  const minutes = Math.round(total);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (minutes < 60) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

/** An activity's length, short: "45 min", "2 h", "1 h 30 min". */
export function formatDuration(total: number): string {
  const minutes = Math.round(total);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** When an activity starting at `time` (HH:MM) ends after `minutes`, on the clock ("00:30" past midnight). */
export function endTime(time: string, minutes: number): string {
  const total = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
