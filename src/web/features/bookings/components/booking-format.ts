import type {
  ProposedActivity,
  ProposedStay,
  ProposedTransport,
} from "#shared/schemas/bookings.ts";

const MODE_NAMES: Record<ProposedTransport["mode"], string> = {
  train: "Train",
  flight: "Flight",
  bus: "Bus",
  ferry: "Ferry",
  car: "Car",
  other: "Journey",
};

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const shortDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** `2027-01-01` → "Fri 1 Jan" (the date as written: no zone moves it). */
export const formatBookingDay = (date: string) =>
  dayFormat.format(new Date(`${date.slice(0, 10)}T00:00:00Z`)).replace(",", "");

const time = (localDateTime: string) => localDateTime.slice(11, 16);

/** "Train Paris → Lyon · Fri 1 Jan 17:04 → 19:01" (the arrival's day named when it is another). */
export function describeJourney(t: ProposedTransport): string {
  const mode = MODE_NAMES[t.mode];
  const sameDay = t.departAt.slice(0, 10) === t.arriveAt.slice(0, 10);
  const arrive = sameDay ? time(t.arriveAt) : `${formatBookingDay(t.arriveAt)} ${time(t.arriveAt)}`;
  return `${mode} ${t.from} → ${t.to} · ${formatBookingDay(t.departAt)} ${time(t.departAt)} → ${arrive}`;
}

/** "Stay: Hôtel X · 30 Dec → 1 Jan". */
export const describeStay = (s: ProposedStay) =>
  `Stay: ${s.name} · ${shortDay.format(new Date(`${s.checkIn}T00:00:00Z`))} → ${shortDay.format(new Date(`${s.checkOut}T00:00:00Z`))}`;

/** "Concert · Sat 2 Jan 20:00 · Opera". */
export const describeActivity = (a: ProposedActivity) =>
  [a.activity, `${formatBookingDay(a.date)}${a.time ? ` ${a.time}` : ""}`, a.location]
    .filter(Boolean)
    .join(" · ");

const yearFormat = new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "UTC" });

/** "Wed 30 Dec 2026 → Fri 1 Jan 2027": a new trip's dates, with their years. */
export const describeDates = (startDate: string, endDate: string) =>
  [startDate, endDate]
    .map((date) => `${formatBookingDay(date)} ${yearFormat.format(new Date(`${date}T00:00:00Z`))}`)
    .join(" → ");

/** "Lyon · 2 nights". */
export const describeStop = (stop: { destination: string; nights: number }) =>
  `${stop.destination} · ${stop.nights} ${stop.nights === 1 ? "night" : "nights"}`;
