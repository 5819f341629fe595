import { describe, expect, it } from "vitest";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { Travel } from "#shared/schemas/travel.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import { activityOf } from "#tests/support/factories.ts";
import { fitRoutedTimes } from "./fit-routed-times.ts";

const stops: TripStop[] = [
  {
    id: "7f0c3a52-0b7c-4d8e-9a43-5d2a1b6c9e03",
    destination: "Paris",
    startDate: "2027-05-03",
    endDate: "2027-05-04",
    place: null,
  },
];
const route = { stops, transport: [], openAtStop: () => undefined };

const leg = (minutes: number): Travel => ({
  mode: "transit",
  minutes,
  meters: null,
  source: "transit",
  summary: "Métro 1",
  departAt: null,
});

const visit = (time: string, name: string, more: Partial<Activity> = {}) =>
  activityOf({ time, activity: name, location: name, description: "", cost: 0, ...more });

const dayOf = (...activities: Activity[]): Itinerary => ({
  days: [{ date: "2027-05-03", activities }],
});
const times = (it: Itinerary) => it.days[0]!.activities.map((a) => `${a.time} ${a.activity}`);

describe("fitRoutedTimes (issue 46)", () => {
  it("keeps a day whose legs fit, and starts a visit no earlier than the previous end plus its leg", () => {
    const fits = dayOf(
      visit("09:00", "Louvre", { durationMinutes: 120 }),
      visit("11:30", "Orsay", { travel: leg(25) }),
    );
    expect(fitRoutedTimes(fits, route)).toEqual(fits);

    const late = dayOf(
      visit("09:00", "Louvre", { durationMinutes: 120 }),
      visit("11:15", "Orsay", { travel: leg(38), durationMinutes: 90 }),
      visit("15:00", "Rodin", { travel: leg(12) }),
    );
    // 11:00 + 38 min: Orsay at 11:40 (to five minutes), Rodin still free at 15:00.
    expect(times(fitRoutedTimes(late, route))).toEqual([
      "09:00 Louvre",
      "11:40 Orsay",
      "15:00 Rodin",
    ]);
  });

  it("leaves out a visit the day cannot hold with real times, and never moves a booking", () => {
    const full = dayOf(
      visit("19:00", "Seine cruise", { durationMinutes: 150 }),
      visit("21:00", "Late museum", { travel: leg(30), durationMinutes: 90 }),
    );
    // 21:30 + 30 min: it would end at 23:30, past 22:30: left out.
    expect(times(fitRoutedTimes(full, route))).toEqual(["19:00 Seine cruise"]);

    const lunch = dayOf(
      visit("09:00", "Versailles", { durationMinutes: 240 }),
      visit("13:00", "Lunch at Chez Janou", { travel: leg(60), durationMinutes: 60 }),
      visit("14:00", "Booked tour", { travel: leg(5), booked: true }),
    );
    // Lunch would start at 14:00 and run into the booked tour: left out; the booking stays.
    expect(times(fitRoutedTimes(lunch, route))).toEqual(["09:00 Versailles", "14:00 Booked tour"]);
  });

  it("moves a meal at most 90 minutes from its time", () => {
    const day = dayOf(
      visit("09:00", "Louvre", { durationMinutes: 180 }),
      visit("12:00", "Lunch at Le Procope", { travel: leg(100) }),
    );
    expect(times(fitRoutedTimes(day, route))).toEqual(["09:00 Louvre"]);
  });

  it("counts only routed legs: an estimate is the planner's own guess", () => {
    const guessed = dayOf(
      visit("09:00", "Louvre", { durationMinutes: 120 }),
      visit("11:15", "Orsay", { travel: { ...leg(38), source: "estimate" } }),
    );
    expect(fitRoutedTimes(guessed, route)).toEqual(guessed);
  });
});
