import { describe, expect, it } from "vitest";
import { openAtIn } from "./opening-hours.ts";
import { checkDayRealism, checkItineraryRealism } from "./realism.ts";
import { UNPLACED } from "#shared/place-fields.ts";
import type { Activity, Day } from "./schemas/itinerary.ts";

const paris = { country: "France", lat: 48.8566, lng: 2.3522 };
const openAt = openAtIn(paris);

const visit = (id: string, time: string, extra: Partial<Activity> = {}): Activity => ({
  id,
  time,
  activity: "Visit",
  location: "Musée du Louvre",
  description: "",
  cost: null,
  durationMinutes: 60,
  ...UNPLACED,
  osmId: "way/1001",
  // Closed on Tuesdays, as the Louvre is.
  openingHours: "Mo,We-Su 09:00-18:00; Tu off",
  ...extra,
});

describe("checkDayRealism: closed places", () => {
  it("warns when a matched place is closed at the visit, in words a traveller reads", () => {
    const day: Day = { date: "2026-12-29", activities: [visit("a", "10:00")] };
    expect(checkDayRealism(day, { dayBudget: null, openAt })).toEqual([
      {
        kind: "closed",
        date: "2026-12-29",
        activityId: "a",
        message: "Musée du Louvre is closed at 10:00 on Tuesday, 29 December",
      },
    ]);
  });

  it("says nothing when the place is open, and checks the time as well as the day", () => {
    const wednesday: Day = {
      date: "2026-12-30",
      activities: [visit("a", "10:00"), visit("b", "19:00", { location: "Louvre late" })],
    };
    expect(checkDayRealism(wednesday, { dayBudget: null, openAt })).toEqual([
      expect.objectContaining({
        kind: "closed",
        activityId: "b",
        message: "Louvre late is closed at 19:00 on Wednesday, 30 December",
      }),
    ]);
  });

  it("skips unmatched places, unknown hours and a check nobody passed", () => {
    const day: Day = {
      date: "2026-12-29",
      activities: [
        visit("a", "10:00", { osmId: null }),
        visit("b", "11:00", { openingHours: null, location: "Elsewhere" }),
        visit("c", "12:00", { openingHours: "by appointment", location: "Atelier" }),
      ],
    };
    expect(checkDayRealism(day, { dayBudget: null, openAt })).toEqual([]);
    const closed: Day = { date: "2026-12-29", activities: [visit("d", "10:00")] };
    expect(checkDayRealism(closed, { dayBudget: null })).toEqual([]);
  });

  it("knows the destination's public holidays (Christmas Day in France)", () => {
    const hours = "Mo-Su 09:00-18:00; PH off";
    const trip = {
      days: [
        { date: "2026-12-24", activities: [visit("a", "10:00", { openingHours: hours })] },
        {
          date: "2026-12-25",
          activities: [visit("b", "10:00", { openingHours: hours, location: "Other" })],
        },
      ],
    };
    const closed = checkItineraryRealism(trip, { budget: 0, openAt }).filter(
      (w) => w.kind === "closed",
    );
    expect(closed.map((w) => w.activityId)).toEqual(["b"]);
  });
});
