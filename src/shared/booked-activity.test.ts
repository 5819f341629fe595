import { describe, expect, it } from "vitest";
import { bookedActivity } from "./booked-activity.ts";

const ID = "00000000-0000-4000-8000-000000000001";
const opera = {
  time: "20:00",
  activity: "Carmen",
  location: "Opéra de Lyon",
  reference: "OP-1",
  kind: "event" as const,
};

describe("bookedActivity", () => {
  it("makes an event two hours, a table an hour and a half, with its reference", () => {
    expect(bookedActivity(opera, { id: ID })).toMatchObject({
      id: ID,
      time: "20:00",
      activity: "Carmen",
      location: "Opéra de Lyon",
      description: "Booking reference OP-1",
      durationMinutes: 120,
      cost: null,
      osmId: null,
    });
    expect(bookedActivity({ ...opera, kind: "restaurant" }, { id: ID }).durationMinutes).toBe(90);
  });

  it("starts a booking without a time at 09:00, located by its name, and asks the estimate only when the kind says nothing", () => {
    const estimated: string[] = [];
    const entry = bookedActivity(
      { time: null, activity: "Museum pass", location: null, reference: null, kind: "calendar" },
      {
        id: ID,
        stopIndex: 1,
        estimate: ({ activity }) => {
          estimated.push(activity);
          return 180;
        },
      },
    );
    expect(entry).toMatchObject({
      time: "09:00",
      location: "Museum pass",
      description: "",
      durationMinutes: 180,
      stopIndex: 1,
    });
    expect(estimated).toEqual(["Museum pass"]);
    bookedActivity(opera, { id: ID, estimate: () => 5 });
    expect(estimated).toHaveLength(1);
    expect(bookedActivity({ ...opera, kind: "other" }, { id: ID }).durationMinutes).toBe(60);
    expect(bookedActivity(opera, { id: ID })).not.toHaveProperty("stopIndex");
  });
});
