import { describe, expect, it } from "vitest";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { bookedItinerary } from "./booked-activities.ts";
import { fitAroundBookings } from "./fit-around-bookings.ts";
import { PARIS } from "#tests/support/trip-places.ts";

const stops: TripStop[] = [
  {
    id: "00000000-0000-4000-8000-000000000001",
    destination: "Paris",
    startDate: "2027-03-09",
    endDate: "2027-03-11",
    place: PARIS,
  },
];

let ids = 0;
const planned = (time: string, durationMinutes: number, activity: string): Activity => ({
  id: `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
  time,
  activity,
  location: activity,
  description: "",
  cost: null,
  durationMinutes,
  lat: null,
  lng: null,
  why: null,
  osmId: null,
  openingHours: null,
  website: null,
});

const plan = (day: Activity[]): Itinerary => ({
  days: [
    { date: "2027-03-09", activities: [] },
    { date: "2027-03-10", activities: day },
    { date: "2027-03-11", activities: [] },
  ],
});

const fit = (day: Activity[], transport: Transport[] = [], openAt?: () => "closed") =>
  fitAroundBookings(
    plan(day),
    bookedItinerary(stops, transport, [
      {
        date: "2027-03-10",
        time: "10:00",
        endTime: null,
        activity: "Cooking class",
        location: null,
        reference: "C-1",
        kind: "event",
      },
    ]),
    { stops, transport, openAtStop: () => openAt },
  ).days[1]!.activities.map((a) => `${a.time} ${a.activity}`);

describe("fitAroundBookings", () => {
  it("keeps what is clear of the booking and moves what is not to the next free time", () => {
    expect(
      fit([
        planned("09:00", 60, "Louvre"),
        planned("10:30", 60, "Orsay"),
        planned("15:00", 60, "Park"),
      ]),
    ).toEqual(["09:00 Louvre", "10:00 Cooking class", "12:00 Orsay", "15:00 Park"]);
  });

  it("leaves out a visit that fits nowhere that day, and one closed at every free time", () => {
    expect(fit([planned("10:00", 720, "Day trip")])).toEqual(["10:00 Cooking class"]);
    const closed = { ...planned("11:00", 60, "Museum"), openingHours: "Mo-Su 10:00-12:00" };
    expect(fit([closed], [], () => "closed")).toEqual(["10:00 Cooking class"]);
  });

  it("moves a meal at most an hour and a half (lunch, not lunch at teatime); else leaves it out", () => {
    // The class runs 10:00–12:00: lunch at 11:30 can be at 12:00, lunch at 10:00 cannot be at 12:00.
    expect(fit([planned("11:30", 60, "Lunch at Chez Janou")])).toEqual([
      "10:00 Cooking class",
      "12:00 Lunch at Chez Janou",
    ]);
    expect(fit([planned("10:00", 60, "Lunch at Chez Janou")])).toEqual(["10:00 Cooking class"]);
    // Anything else still moves to the first free time, however far.
    expect(fit([planned("10:00", 60, "Louvre")])).toEqual(["10:00 Cooking class", "12:00 Louvre"]);
  });

  it("keeps clear of a journey on a day that is not a transfer day (a day trip by train)", () => {
    const train: Transport = {
      id: "00000000-0000-4000-8000-00000000000a",
      mode: "train",
      from: "Paris Gare de Lyon",
      to: "Fontainebleau",
      departAt: "2027-03-10T13:00",
      arriveAt: "2027-03-10T13:45",
      departZone: "Europe/Paris",
      arriveZone: "Europe/Paris",
      carrier: null,
      number: null,
      reference: null,
      notes: null,
    };
    expect(fit([planned("13:30", 60, "Tuileries")], [train])).toEqual([
      "10:00 Cooking class",
      "13:45 Tuileries",
    ]);
  });
});
