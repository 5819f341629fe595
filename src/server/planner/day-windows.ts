import type { Slot } from "./visit-schedule.ts";

/**
 * The part of a date a stop has, in minutes after midnight in its zone: on a transfer day the stop
 * being left has the morning `until` its departure, the stop being reached the rest `from` arrival.
 */
export type DayWindow = { from?: number; until?: number };
export type DayWindows = Readonly<Record<string, DayWindow>>;

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether some start time of the slot lies inside the window with the whole visit. */
export const slotFits = (slot: Slot, from: number, until: number) =>
  slot.times.some((t) => toMinutes(t) >= from && toMinutes(t) + slot.minutes <= until);

/** Whether an activity lies inside its stop's part of the day (it starts after arrival, ends by departure). */
export function insideWindow(
  activity: { time: string; durationMinutes: number },
  window: DayWindow | undefined,
): boolean {
  if (!window) return true;
  const start = toMinutes(activity.time);
  return (
    start >= (window.from ?? 0) && start + activity.durationMinutes <= (window.until ?? Infinity)
  );
}
