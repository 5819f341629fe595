import { describe, expect, it } from "vitest";
import { UNPLACED } from "#shared/place-fields.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import {
  addActivity,
  busyAt,
  changeFromOp,
  droppedByDates,
  moveActivityToDay,
  patchStay,
  patchTransport,
  fittingTime,
  isInTimeOrder,
  moveActivity,
  newActivityId,
  removeActivity,
  replaceDays,
  setFacts,
  sortDayByTime,
  updateActivity,
  droppedByStops,
  setStays,
  setStops,
  setTransport,
  toPatch,
  type ChangeOp,
  type EditableTrip,
} from "./editable-trip.ts";

const act = (id: string, time = "09:00"): Activity => ({
  id,
  time,
  activity: id,
  location: "Somewhere",
  description: "",
  cost: 10,
  durationMinutes: 60,
  ...UNPLACED,
});
const trip: EditableTrip = {
  name: "Lisbon",
  destination: "Lisbon",
  startDate: "2027-05-03",
  endDate: "2027-05-05",
  budget: 1000,
  travelStyle: "comfort",
  interests: [],
  stops: [
    {
      id: "00000000-0000-4000-8000-0000000000aa",
      destination: "Lisbon",
      startDate: "2027-05-03",
      endDate: "2027-05-05",
      place: null,
    },
  ],
  transport: [],
  stays: [],
  itinerary: {
    days: [
      { date: "2027-05-03", activities: [act("a"), act("b"), act("c")] },
      { date: "2027-05-04", activities: [act("d")] },
      { date: "2027-05-05", activities: [act("e"), act("f")] },
    ],
  },
};
const ids = (t: EditableTrip) =>
  t.itinerary.days.map((d) => d.activities.map((a) => a.id).join(""));

describe("editor changes", () => {
  it("moves within a day and across days, to the end when the index is past it", () => {
    expect(ids(moveActivity("a", "2027-05-03", 2).apply(trip))).toEqual(["bca", "d", "ef"]);
    expect(ids(moveActivity("c", "2027-05-03", 0).apply(trip))).toEqual(["cab", "d", "ef"]);
    expect(ids(moveActivity("b", "2027-05-04", Infinity).apply(trip))).toEqual(["ac", "db", "ef"]);
    expect(ids(moveActivity("zz", "2027-05-04", 0).apply(trip))).toEqual(["abc", "d", "ef"]);
  });

  it("edits, adds, removes and replaces days without touching the others", () => {
    const edited = updateActivity("d", { cost: null, time: "10:30" }).apply(trip);
    expect(edited.itinerary.days[1]!.activities[0]).toMatchObject({ cost: null, time: "10:30" });
    expect(ids(addActivity("2027-05-04", act("g")).apply(trip))).toEqual(["abc", "dg", "ef"]);
    expect(ids(removeActivity("e").apply(trip))).toEqual(["abc", "d", "f"]);
    const replaced = replaceDays([{ date: "2027-05-05", activities: [act("x")] }], "x").apply(trip);
    expect(ids(replaced)).toEqual(["abc", "d", "x"]);
    // Pure: the original is untouched.
    expect(ids(trip)).toEqual(["abc", "d", "ef"]);
  });

  it("follows new dates like the server: shift, add empty days, drop the last ones", () => {
    const facts = { ...trip, itinerary: undefined };
    const shifted = setFacts({ ...facts, startDate: "2027-06-01", endDate: "2027-06-03" }).apply(
      trip,
    );
    expect(shifted.itinerary.days.map((d) => d.date)).toEqual([
      "2027-06-01",
      "2027-06-02",
      "2027-06-03",
    ]);
    expect(ids(shifted)).toEqual(["abc", "d", "ef"]);
    const longer = setFacts({ ...facts, endDate: "2027-05-06" }).apply(trip);
    expect(ids(longer)).toEqual(["abc", "d", "ef", ""]);
    const shorter = { startDate: "2027-05-03", endDate: "2027-05-04" };
    expect(ids(setFacts({ ...facts, ...shorter }).apply(trip))).toEqual(["abc", "d"]);
    expect(droppedByDates(trip, shorter)).toEqual({ days: 1, activities: 2 });
    expect(droppedByDates(trip, { startDate: "2027-05-10", endDate: "2027-05-12" })).toEqual({
      days: 0,
      activities: 0,
    });
  });

  it("makes uuid v4 ids", () => {
    expect(newActivityId()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe("the day's order by time", () => {
  const timed: EditableTrip = {
    ...trip,
    itinerary: {
      days: [
        {
          date: "2027-05-03",
          activities: [act("a", "09:00"), act("b", "13:00"), act("c", "19:30")],
        },
        {
          date: "2027-05-04",
          activities: [act("d", "17:00"), act("e", "09:00"), act("f", "09:00")],
        },
      ],
    },
  };

  it("puts a new activity at its time, after any at the same time", () => {
    expect(ids(addActivity("2027-05-03", act("g", "17:30")).apply(timed))).toEqual(["abgc", "def"]);
    expect(ids(addActivity("2027-05-03", act("g", "13:00")).apply(timed))).toEqual(["abgc", "def"]);
    expect(ids(addActivity("2027-05-03", act("g", "07:00")).apply(timed))).toEqual(["gabc", "def"]);
    expect(ids(addActivity("2027-05-03", act("g", "21:00")).apply(timed))).toEqual(["abcg", "def"]);
  });

  it("moves an edited activity only when its new time no longer fits where it is", () => {
    expect(ids(updateActivity("a", { time: "14:00" }).apply(timed))).toEqual(["bac", "def"]);
    expect(ids(updateActivity("a", { time: "12:00" }).apply(timed))).toEqual(["abc", "def"]);
    // Other fields, or the same time on a day that runs backwards: left where the traveller put it.
    expect(ids(updateActivity("d", { activity: "x", time: "17:00" }).apply(timed))).toEqual([
      "abc",
      "def",
    ]);
    expect(ids(updateActivity("d", { lat: 1, lng: 2 }).apply(timed))).toEqual(["abc", "def"]);
  });

  it("tells a day that runs backwards and sorts it, stable among equal times", () => {
    expect(timed.itinerary.days.map(isInTimeOrder)).toEqual([true, false]);
    const sorted = sortDayByTime("2027-05-04").apply(timed);
    expect(ids(sorted)).toEqual(["abc", "efd"]);
    expect(sorted.itinerary.days.map(isInTimeOrder)).toEqual([true, true]);
  });

  it("offers a time that fits a moved activity's new place", () => {
    const day = (...times: string[]) => times.map((t, i) => act(String(i), t));
    // Between two: the middle, rounded to 5 minutes.
    expect(fittingTime(day("13:00", "09:00", "17:00"), 1)).toBe("15:00");
    expect(fittingTime(day("13:00", "19:00", "14:05"), 1)).toBe("13:35");
    // At the end: 30 minutes after the one before; at the start: 30 minutes before the next.
    expect(fittingTime(day("13:00", "17:00", "09:00"), 2)).toBe("17:30");
    expect(fittingTime(day("17:00", "09:00", "13:00"), 0)).toBe("08:30");
    expect(fittingTime(day("09:00", "23:50", "10:00", "23:50", "01:00"), 4)).toBe("23:55");
    // Its time already fits: nothing to offer.
    expect(fittingTime(day("09:00", "13:00", "17:00"), 1)).toBeNull();
    expect(fittingTime(day("09:00"), 0)).toBeNull();
  });
});

describe("stops, journeys and stays in a PATCH", () => {
  const LISBON = "00000000-0000-4000-8000-0000000000aa";
  const journey = {
    id: "00000000-0000-4000-8000-0000000000bb",
    mode: "train" as const,
    from: "Lisbon",
    to: "Porto",
    departAt: "2027-05-04T10:00",
    arriveAt: "2027-05-04T13:00",
    departZone: "",
    arriveZone: "Europe/Lisbon",
    carrier: "CP",
    number: null,
    reference: null,
    notes: null,
  };

  it("sends changed stops alone: the server moves the days and sets the dates", () => {
    const next = setStops([
      { id: LISBON, destination: "Lisbon", nights: 1 },
      { destination: "Porto", nights: 1 },
    ]).apply(trip);
    expect(next.stops.map((s) => [s.destination, s.startDate, s.endDate])).toEqual([
      ["Lisbon", "2027-05-03", "2027-05-04"],
      ["Porto", "2027-05-04", "2027-05-05"],
    ]);
    expect(toPatch(next, 4, undefined, trip)).toEqual({
      version: 4,
      stops: [
        { id: LISBON, destination: "Lisbon", nights: 1 },
        { id: next.stops[1]!.id, destination: "Porto", nights: 1 },
      ],
    });
  });

  it("sends journeys and stays only when they changed; a new one without id, empty zones as null", () => {
    expect(toPatch(trip, 4, undefined, trip)).not.toHaveProperty("transport");
    const next = setTransport([journey], "Add journey").apply(trip);
    const patch = toPatch(next, 4, undefined, trip);
    expect(patch.transport).toEqual([
      { ...journey, id: undefined, departZone: null, arriveZone: "Europe/Lisbon" },
    ]);
    expect(patch).not.toHaveProperty("stays");
    expect(patch.itinerary).toEqual(trip.itinerary);
    // Once saved, its id is known and kept.
    expect(toPatch(next, 5, undefined, next)).not.toHaveProperty("transport");
    const stay = {
      id: "00000000-0000-4000-8000-0000000000cc",
      stopIndex: 0,
      name: "Casa",
      address: null,
      checkIn: "2027-05-03",
      checkOut: "2027-05-05",
      lat: null,
      lng: null,
      osmId: null,
      reference: "AB12",
    };
    const withStay = setStays([stay], "Add stay").apply(next);
    expect(toPatch(withStay, 5, undefined, next).stays).toEqual([{ ...stay, id: undefined }]);
  });

  it("counts the days and activities a change of stops would drop", () => {
    expect(droppedByStops(trip, [{ id: LISBON, destination: "Lisbon", nights: 2 }])).toEqual({
      days: 0,
      activities: 0,
    });
    // One night fewer: Lisbon's second day (d) goes.
    expect(droppedByStops(trip, [{ id: LISBON, destination: "Lisbon", nights: 1 }])).toEqual({
      days: 1,
      activities: 1,
    });
    // Lisbon removed: both its days (a, b, c and d).
    expect(droppedByStops(trip, [{ destination: "Porto", nights: 2 }])).toEqual({
      days: 2,
      activities: 4,
    });
  });
});

describe("moving to another day by time", () => {
  const lunch = { ...act("lunch", "12:30"), durationMinutes: 90 };
  const dinner = { ...act("dinner", "19:30"), durationMinutes: 120 };
  const paris: EditableTrip = {
    ...trip,
    itinerary: {
      days: [
        { date: "2027-05-03", activities: [act("museum", "09:30"), lunch] },
        { date: "2027-05-04", activities: [dinner] },
        { date: "2027-05-05", activities: [{ ...act("market", "12:00"), durationMinutes: 120 }] },
      ],
    },
  };
  const names = (t: EditableTrip, day: number) =>
    t.itinerary.days[day]!.activities.map((a) => a.id);

  it("a moved lunch goes before the dinner, not after it; a stored op of either kind applies", () => {
    const moved = moveActivityToDay("lunch", "2027-05-04").apply(paris);
    expect(names(moved, 0)).toEqual(["museum"]);
    expect(names(moved, 1)).toEqual(["lunch", "dinner"]);
    // From session storage (a change kept offline), the new op and the old index-based one.
    const stored = JSON.parse(
      JSON.stringify(moveActivityToDay("lunch", "2027-05-04").op),
    ) as ChangeOp;
    expect(names(changeFromOp(stored, "Move activity").apply(paris), 1)).toEqual([
      "lunch",
      "dinner",
    ]);
    const old = changeFromOp(
      { name: "moveActivity", id: "lunch", date: "2027-05-04", index: Number.MAX_SAFE_INTEGER },
      "Move activity",
    );
    expect(names(old.apply(paris), 1)).toEqual(["dinner", "lunch"]);
  });

  it("a time taken on the new day: what takes it and the nearest free time", () => {
    const moved = moveActivityToDay("lunch", "2027-05-05").apply(paris);
    const day = moved.itinerary.days[2]!.activities;
    expect(day.map((a) => a.id)).toEqual(["market", "lunch"]);
    // The market runs 12:00–14:00; a 90-minute lunch fits from 14:00 on, or up to 10:30.
    expect(busyAt(day, 1)).toEqual({ blocking: day[0], until: "14:00", freeTime: "14:00" });
    expect(busyAt(moved.itinerary.days[1]!.activities, 0)).toBeNull();
    const full = [{ ...act("all day", "00:00"), durationMinutes: 24 * 60 }, lunch];
    expect(busyAt(full, 1)).toMatchObject({ freeTime: null });
  });
});

describe("changed fields only", () => {
  const journey = {
    id: "00000000-0000-4000-8000-0000000000c1",
    mode: "train" as const,
    from: "Paris",
    to: "Lyon",
    departAt: "2027-05-04T10:00",
    arriveAt: "2027-05-04T12:00",
    departZone: "Europe/Paris",
    arriveZone: "Europe/Paris",
    carrier: "SNCF",
    number: "TGV 1",
    reference: null,
    notes: null,
  };
  const stay = {
    id: "00000000-0000-4000-8000-0000000000c2",
    stopIndex: 0,
    name: "Hôtel",
    address: "1 Rue",
    checkIn: "2027-05-03",
    checkOut: "2027-05-05",
    lat: 48.8,
    lng: 2.3,
    osmId: null,
    reference: null,
  };

  it("an activity's, journey's or stay's change keeps a companion's change to its other fields", () => {
    const theirs = updateActivity("d", { description: "Ana's text" }).apply(trip);
    const both = updateActivity("d", { cost: 13 }).apply(theirs);
    expect(both.itinerary.days[1]!.activities[0]).toMatchObject({
      description: "Ana's text",
      cost: 13,
    });

    const withBookings = {
      ...trip,
      transport: [{ ...journey, notes: "Ana's seats" }],
      stays: [{ ...stay, reference: "ANA-1" }],
    };
    const mine = patchStay(stay.id, { checkOut: "2027-05-04" }, "Edit stay").apply(
      patchTransport(journey.id, { number: "TGV 2" }, "Edit journey").apply(withBookings),
    );
    expect(mine.transport[0]).toMatchObject({ notes: "Ana's seats", number: "TGV 2" });
    expect(mine.stays[0]).toMatchObject({ reference: "ANA-1", checkOut: "2027-05-04", lat: 48.8 });
    // A new name is located again; stored as data, the op applies the same.
    const renamed = changeFromOp(
      JSON.parse(JSON.stringify(patchStay(stay.id, { name: "Other" }, "Edit stay").op)) as ChangeOp,
      "Edit stay",
    ).apply(withBookings);
    expect(renamed.stays[0]).toMatchObject({ name: "Other", lat: null, lng: null });
    // Gone by then: nothing to change.
    expect(
      patchTransport(journey.id, { number: "X" }, "Edit journey").apply(trip).transport,
    ).toEqual([]);
  });
});
