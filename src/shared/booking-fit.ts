import type { Activity, Day } from "./schemas/itinerary.ts";

/*
 * A booking that repeats the plan (issue 44): a booked dinner beside a planned dinner, a booked
 * museum visit on Day 3 when Day 2 already plans that museum. The booked card offers to take the
 * planned one out; nothing is changed until the traveller says so.
 */

export type BookingFit =
  /** Same day: a meal overlapping a planned meal, or the same place. */
  | { kind: "replace"; plannedId: string; label: string }
  /** The same place planned on another day. */
  | { kind: "remove-other-day"; plannedId: string; date: string; label: string };

const MEAL = /\b(breakfast|brunch|lunch|dinner|supper)\b/i;
const EATING = /\b(breakfast|brunch|lunch|dinner|supper|table for|table at|restaurant|meal)\b/i;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const overlaps = (a: Activity, b: Activity) =>
  minutesOf(a.time) < minutesOf(b.time) + b.durationMinutes &&
  minutesOf(b.time) < minutesOf(a.time) + a.durationMinutes;

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** The place an activity is at: its OpenStreetMap id, else the first part of its location. */
const placeName = (a: Activity) => a.location.split(",")[0]?.trim() ?? a.location;
const samePlace = (a: Activity, b: Activity) =>
  (a.osmId !== null && a.osmId === b.osmId) ||
  (fold(placeName(a)) !== "" && fold(placeName(a)) === fold(placeName(b)));

const isMeal = (a: Activity) => EATING.test(a.activity);
const mealWord = (a: Activity) => MEAL.exec(a.activity)?.[1]?.toLowerCase() ?? "meal";

/** What each booked activity of the trip offers, by its id (none: not in the map). */
export function bookingFits(days: readonly Day[]): Map<string, BookingFit[]> {
  const fits = new Map<string, BookingFit[]>();
  for (const day of days) {
    for (const booked of day.activities) {
      if (!booked.booked) continue;
      const offers: BookingFit[] = [];
      for (const planned of day.activities) {
        if (planned.booked || planned.id === booked.id) continue;
        if (samePlace(booked, planned))
          offers.push({
            kind: "replace",
            plannedId: planned.id,
            label: isMeal(planned)
              ? `Replace the planned ${mealWord(planned)}`
              : `Replace the planned visit to ${placeName(planned)}`,
          });
        else if (isMeal(booked) && isMeal(planned) && overlaps(booked, planned))
          offers.push({
            kind: "replace",
            plannedId: planned.id,
            label: `Replace the planned ${mealWord(planned)}`,
          });
      }
      for (const other of days) {
        if (other.date === day.date) continue;
        for (const planned of other.activities) {
          if (planned.booked || isMeal(planned) || !samePlace(booked, planned)) continue;
          offers.push({
            kind: "remove-other-day",
            plannedId: planned.id,
            date: other.date,
            label: `Remove the planned visit to ${placeName(planned)} on ${other.date}`,
          });
        }
      }
      if (offers.length > 0) fits.set(booked.id, offers);
    }
  }
  return fits;
}
