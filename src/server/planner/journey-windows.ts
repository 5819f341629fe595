import type { Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { MINUTES_PER_DAY, minutesOf, transferOn } from "#shared/transfer-day.ts";
import { zonedToEpoch } from "#shared/zoned-time.ts";
import type { DayWindow, DayWindows } from "./day-windows.ts";

/**
 * Each stop's part of its transfer days: until departure on its last day (unless it is the last
 * stop), from arrival on its first (unless it is the first). Times are each stop's own local ones;
 * a booked journey's times win over the planner's guess (transfer-day.ts).
 */
export function stopWindows(
  stops: readonly TripStop[],
  transport: readonly Transport[] = [],
): DayWindows[] {
  const windows: Record<string, DayWindow>[] = stops.map(() => ({}));
  for (let i = 0; i + 1 < stops.length; i++) {
    const date = stops[i]!.endDate;
    const transfer = transferOn(date, stops, transport);
    if (!transfer) continue;
    windows[i]![date] = { ...windows[i]![date], until: transfer.departure };
    windows[i + 1]![date] = {
      ...windows[i + 1]![date],
      from: Math.min(transfer.arrival, MINUTES_PER_DAY),
    };
  }
  return windows;
}

const departureOrder = (a: Transport, b: Transport) =>
  (zonedToEpoch(a.departAt, a.departZone) ?? 0) - (zonedToEpoch(b.departAt, b.departZone) ?? 0);

/**
 * Each stop's part of each day from the booked journeys: transfer days (stopWindows), the trip's
 * first day from the first journey's arrival, its last day until the last journey's departure.
 */
export function bookedWindows(
  stops: readonly TripStop[],
  transport: readonly Transport[],
): DayWindows[] {
  const windows: Record<string, DayWindow>[] = stopWindows(stops, transport).map((w) => ({ ...w }));
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return windows;
  const ordered = [...transport].sort(departureOrder);
  const arriving = ordered.find((t) => t.arriveAt.slice(0, 10) === first.startDate);
  if (arriving && arriving.departAt.slice(0, 10) <= first.startDate)
    windows[0]![first.startDate] = {
      ...windows[0]![first.startDate],
      from: minutesOf(arriving.arriveAt.slice(11)),
    };
  else if (ordered[0] && ordered[0].departAt.slice(0, 10) === first.startDate)
    // The journey out arrives after the first day: the first stop has none of it.
    windows[0]![first.startDate] = { ...windows[0]![first.startDate], from: MINUTES_PER_DAY };
  const leaving = ordered.findLast((t) => t.departAt.slice(0, 10) === last.endDate);
  if (leaving && last.endDate > first.startDate) {
    const index = stops.length - 1;
    windows[index]![last.endDate] = {
      ...windows[index]![last.endDate],
      until: minutesOf(leaving.departAt.slice(11)),
    };
  } else if (leaving && arriving !== leaving) {
    // A one-day trip: from the arrival until the departure home.
    windows[0]![first.startDate] = {
      ...windows[0]![first.startDate],
      until: minutesOf(leaving.departAt.slice(11)),
    };
  }
  return windows;
}
