import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatKm, formatMinutes } from "./format.ts";
import {
  EARLIEST_START,
  LATEST_START,
  checkDayRealism,
  checkItineraryRealism,
  normalizePlace,
} from "./realism.ts";
import { UNPLACED } from "#shared/place-fields.ts";
import type { Activity, Day } from "./schemas/itinerary.ts";

let nextId = 0;
function act(time: string, overrides: Partial<Activity> = {}): Activity {
  nextId += 1;
  return {
    id: `a${nextId}`,
    time,
    activity: `Activity ${nextId}`,
    location: `Place ${nextId}`,
    description: "",
    cost: null,
    durationMinutes: 30,
    ...UNPLACED,
    ...overrides,
  };
}
const day = (date: string, activities: Activity[]): Day => ({ date, activities });
const noBudget = { dayBudget: null } as const;

// Along the equator one degree of longitude is 2πR/360 km, so distances can be placed exactly.
const KM_PER_DEGREE = (2 * Math.PI * 6371) / 360;
const eastOf = (km: number) => ({ lat: 0, lng: km / KM_PER_DEGREE });
const ORIGIN = { lat: 0, lng: 0 };

const addMinutes = (time: string, minutes: number) => {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
};

describe("normalizePlace", () => {
  it("normalizes place names without case, accents or punctuation", () => {
    expect(normalizePlace("  Musée d'Orsay ")).toBe("musee d orsay");
    expect(normalizePlace("MUSEE D ORSAY")).toBe("musee d orsay");
    expect(normalizePlace("Tōkyō Tower")).toBe("tokyo tower");
  });
});

describe("checkDayRealism: times", () => {
  it("reuses the editor's backwards and overlap checks", () => {
    const a = act("10:00");
    const b = act("10:00");
    const c = act("09:00");
    const warnings = checkDayRealism(day("2030-05-12", [a, b, c]), noBudget);
    expect(warnings.map((w) => [w.kind, w.activityId])).toEqual([
      ["overlap", b.id],
      ["backwards", c.id],
    ]);
    expect(warnings[0]).toEqual({
      kind: "overlap",
      date: "2030-05-12",
      activityId: b.id,
      message: `Starts at the same time as "${a.activity}" (10:00)`,
    });
  });

  it("has nothing to say about a plausible day or an empty one", () => {
    const plausible = day("2030-05-12", [
      act("09:00", { ...ORIGIN }),
      act("10:00", eastOf(1)),
      act("13:00", eastOf(20)),
    ]);
    expect(checkDayRealism(plausible, { dayBudget: 100 })).toEqual([]);
    expect(checkDayRealism(day("2030-05-12", []), { dayBudget: 100 })).toEqual([]);
  });
});

describe("checkDayRealism: lengths", () => {
  it("flags an activity that starts before the one above it ends, and only that", () => {
    // Lunch at 12:30 for 90 minutes runs until 14:00; the museum at 13:30 starts in the middle of it.
    const lunch = act("12:30", { activity: "Lunch", durationMinutes: 90 });
    const museum = act("13:30", { durationMinutes: 120 });
    const warnings = checkDayRealism(day("2030-05-12", [lunch, museum]), noBudget);
    expect(warnings).toEqual([
      {
        kind: "overlap",
        date: "2030-05-12",
        activityId: museum.id,
        message: 'Starts at 13:30, before "Lunch" ends (14:00)',
      },
    ]);
    // The same two with a short lunch: ending exactly at the next start is fine.
    const quick = act("12:30", { activity: "Lunch", durationMinutes: 60 });
    expect(checkDayRealism(day("2030-05-12", [quick, act("13:30")]), noBudget)).toEqual([]);
  });

  it("says when a night's activity ends after midnight", () => {
    const show = act("22:00", { activity: "Late show", durationMinutes: 150 });
    const bar = act("23:30");
    expect(checkDayRealism(day("2030-05-12", [show, bar]), noBudget)).toContainEqual(
      expect.objectContaining({
        kind: "overlap",
        activityId: bar.id,
        message: 'Starts at 23:30, before "Late show" ends (00:30)',
      }),
    );
  });

  it("counts the travel time from the end of the previous stop, not its start", () => {
    // 5 km by car takes 12 minutes: two hours between the starts, but the first lasts 115 minutes.
    const long = act("09:00", { ...ORIGIN, durationMinutes: 115 });
    const next = act("11:00", eastOf(5));
    expect(checkDayRealism(day("2030-05-12", [long, next]), noBudget)).toEqual([
      expect.objectContaining({
        kind: "travel",
        activityId: next.id,
        message: "About 5 km from the previous stop with 5 minutes between them",
      }),
    ]);
    const shorter = act("09:00", { ...ORIGIN, durationMinutes: 100 });
    expect(checkDayRealism(day("2030-05-12", [shorter, next]), noBudget)).toEqual([]);
  });
});

describe("checkDayRealism: travel", () => {
  it("gives the issue's message for 14 km in the 30 minutes after the previous stop ends", () => {
    // An hour at the first stop, so 30 minutes are left before the next one starts.
    const b = act("11:30", eastOf(14));
    const first = act("10:00", { ...ORIGIN, durationMinutes: 60 });
    const warnings = checkDayRealism(day("2030-05-12", [first, b]), noBudget);
    expect(warnings).toEqual([
      {
        kind: "travel",
        date: "2030-05-12",
        activityId: b.id,
        message: "About 14 km from the previous stop with 30 minutes between them",
      },
    ]);
  });

  it.each([
    // km, minutes needed (rounded up): exactly enough is fine, one minute short warns.
    [0.5, 7], // walking: 6.67 min
    [2, 27], // walking at the boundary: 26.67 min
    [2.1, 6], // riding just past the boundary: 5.04 min
    [14, 34], // riding: 33.6 min
    [25, 60], // riding: exactly one hour
  ])("%s km: a gap of exactly the travel time is enough, a minute less is not", (km, enough) => {
    // The first stop lasts 30 minutes: the travel time counts from its end.
    const start = "09:00";
    const exact = day("2030-05-12", [
      act(start, ORIGIN),
      act(addMinutes(start, 30 + enough), eastOf(km)),
    ]);
    expect(checkDayRealism(exact, noBudget)).toEqual([]);
    const shortB = act(addMinutes(start, 30 + enough - 1), eastOf(km));
    const short = day("2030-05-12", [act(start, ORIGIN), shortB]);
    const warnings = checkDayRealism(short, noBudget);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ kind: "travel", activityId: shortB.id });
    expect(warnings[0]!.message).toBe(
      `About ${formatKm(km)} from the previous stop with ${formatMinutes(enough - 1)} between them`,
    );
  });

  it("measures each hop from the stop before it, not from the day's first stop", () => {
    // A short walk, then a long ride back past the start: 15 km from the previous stop in 30
    // minutes is too little, though the day's first stop is 14 km and an hour and a quarter away.
    const far = act("10:45", eastOf(-14));
    const shortThenLong = day("2030-05-12", [act("09:00", ORIGIN), act("09:45", eastOf(1)), far]);
    expect(checkDayRealism(shortThenLong, noBudget)).toEqual([
      expect.objectContaining({
        kind: "travel",
        activityId: far.id,
        message: "About 15 km from the previous stop with 30 minutes between them",
      }),
    ]);
    // A long ride, then a short walk: 1 km in 30 minutes is fine, whatever the first stop is.
    const longThenShort = day("2030-05-12", [
      act("09:00", ORIGIN),
      act("12:00", eastOf(30)),
      act("13:00", eastOf(31)),
    ]);
    expect(checkDayRealism(longThenShort, noBudget)).toEqual([]);
  });

  it("at the 2 km boundary walking is assumed, just past it riding", () => {
    // 2 km on foot needs 26.67 minutes: 26 minutes warns. 2.01 km by car needs under 5: no warning.
    const walk = day("2030-05-12", [act("09:00", ORIGIN), act("09:56", eastOf(2))]);
    expect(checkDayRealism(walk, noBudget).map((w) => w.kind)).toEqual(["travel"]);
    const ride = day("2030-05-12", [act("09:00", ORIGIN), act("09:56", eastOf(2.01))]);
    expect(checkDayRealism(ride, noBudget)).toEqual([]);
  });

  it("skips unlocated activities and measures from the previous located one", () => {
    const far = act("10:20", eastOf(14));
    const plan = day("2030-05-12", [
      act("10:00", { ...ORIGIN, durationMinutes: 5 }),
      act("10:10", { lat: null, lng: null, durationMinutes: 5 }),
      act("10:15", { lat: 1, lng: null, durationMinutes: 5 }), // half a position is no position
      far,
    ]);
    const warnings = checkDayRealism(plan, noBudget);
    expect(warnings).toEqual([
      expect.objectContaining({
        kind: "travel",
        activityId: far.id,
        message: "About 14 km from the previous stop with 15 minutes between them",
      }),
    ]);
  });

  it("does not add a travel warning where the times already overlap or run backwards", () => {
    const plan = day("2030-05-12", [
      act("10:00", ORIGIN),
      act("10:00", eastOf(30)),
      act("09:00", eastOf(60)),
    ]);
    expect(checkDayRealism(plan, noBudget).map((w) => w.kind)).toEqual(["overlap", "backwards"]);
  });

  it("says hours for long gaps", () => {
    const b = act("11:35", eastOf(80));
    const warnings = checkDayRealism(day("2030-05-12", [act("09:00", ORIGIN), b]), noBudget);
    expect(warnings[0]?.message).toBe(
      "About 80 km from the previous stop with 2 hours 5 minutes between them",
    );
  });
});

describe("checkDayRealism: hours", () => {
  it(`flags starts before ${EARLIEST_START} and after ${LATEST_START}, not at them`, () => {
    expect(EARLIEST_START).toBe("06:00");
    expect(LATEST_START).toBe("23:30");
    const early = act("05:59");
    const first = act("06:00");
    const last = act("23:30");
    const late = act("23:31");
    const warnings = checkDayRealism(day("2030-05-12", [early, first, last, late]), noBudget);
    // Each also starts before the one above it ends: only the hours are tested here.
    expect(warnings.filter((w) => w.kind === "early" || w.kind === "late")).toEqual([
      {
        kind: "early",
        date: "2030-05-12",
        activityId: early.id,
        message: "Starts at 05:59, before 06:00",
      },
      {
        kind: "late",
        date: "2030-05-12",
        activityId: late.id,
        message: "Starts at 23:31, after 23:30",
      },
    ]);
  });

  it("uses the gentle wording of the issue", () => {
    const a = act("05:30");
    expect(checkDayRealism(day("2030-05-12", [a]), noBudget)[0]?.message).toBe(
      "Starts at 05:30, before 06:00",
    );
  });
});

describe("checkDayRealism: budget", () => {
  it("is quiet at exactly the day's share and warns one cent over, on the costliest activity", () => {
    const equal = day("2030-05-12", [act("09:00", { cost: 100 }), act("12:00", { cost: 200 })]);
    expect(checkDayRealism(equal, { dayBudget: 300 })).toEqual([]);
    const costly = act("12:00", { cost: 200.01 });
    const over = day("2030-05-12", [act("09:00", { cost: 100 }), costly]);
    expect(checkDayRealism(over, { dayBudget: 300 })).toEqual([
      {
        kind: "budget",
        date: "2030-05-12",
        activityId: costly.id,
        message: "This day costs about $300.01, more than its share of the budget ($300.00)",
      },
    ]);
  });

  it("gives the issue's message in whole dollars when they differ", () => {
    const costly = act("12:00", { cost: 320 });
    const plan = day("2030-05-12", [act("09:00", { cost: 100 }), costly, act("15:00")]);
    expect(checkDayRealism(plan, { dayBudget: 300 })[0]).toMatchObject({
      activityId: costly.id,
      message: "This day costs about $420, more than its share of the budget ($300)",
    });
  });

  it("counts unknown costs as unknown, not zero, and does not count floating-point dust", () => {
    const plan = day("2030-05-12", [act("09:00", { cost: 0.1 }), act("10:00", { cost: 0.2 })]);
    expect(checkDayRealism(plan, { dayBudget: 0.3 })).toEqual([]);
    const unknown = day("2030-05-12", [act("09:00"), act("10:00")]);
    expect(checkDayRealism(unknown, { dayBudget: 0 })).toEqual([]);
  });

  it("is not checked without a day budget", () => {
    const plan = day("2030-05-12", [act("09:00", { cost: 1e6 })]);
    expect(checkDayRealism(plan, { dayBudget: null })).toEqual([]);
  });
});

describe("checkDayRealism: repeats", () => {
  it("flags the later occurrence by location text and names the earlier date", () => {
    const first = day("2025-05-12", [act("09:00", { location: "Musée d'Orsay" })]);
    const again = act("10:00", { location: "musee d’orsay" });
    const second = day("2025-05-13", [again, act("12:00", { location: "Louvre" })]);
    const days = [first, second];
    expect(checkDayRealism(first, { dayBudget: null, otherDays: days })).toEqual([]);
    expect(checkDayRealism(second, { dayBudget: null, otherDays: days })).toEqual([
      { kind: "repeat", date: "2025-05-13", activityId: again.id, message: "Also on Mon 12 May" },
    ]);
  });

  it("flags the same OpenStreetMap place under another name", () => {
    const first = day("2025-05-12", [
      act("09:00", { location: "Eiffel Tower", osmId: "way/5013364" }),
    ]);
    const again = act("10:00", { location: "Tour Eiffel", osmId: "way/5013364" });
    const other = act("11:00", { location: "Tour Montparnasse", osmId: "way/1" });
    const second = day("2025-05-14", [again, other]);
    const warnings = checkDayRealism(second, { dayBudget: null, otherDays: [first, second] });
    expect(warnings).toEqual([
      { kind: "repeat", date: "2025-05-14", activityId: again.id, message: "Also on Mon 12 May" },
    ]);
  });

  it("does not flag a repeat within one day, and lists every earlier date", () => {
    const d1 = day("2025-05-12", [act("09:00", { location: "Market" })]);
    const d2 = day("2025-05-13", [act("09:00", { location: "Market" })]);
    const last = act("09:00", { location: "Market" });
    const d3 = day("2025-05-14", [
      last,
      act("12:00", { location: "Museum" }),
      act("15:00", { location: "Museum" }),
    ]);
    const warnings = checkItineraryRealism({ days: [d1, d2, d3] }, { budget: 1_000 });
    expect(warnings.map((w) => [w.date, w.message])).toEqual([
      ["2025-05-13", "Also on Mon 12 May"],
      ["2025-05-14", "Also on Mon 12 May and Tue 13 May"],
    ]);
    expect(warnings[1]?.activityId).toBe(last.id);
  });
});

describe("checkItineraryRealism", () => {
  it("splits the budget evenly over the days", () => {
    const cheap = day("2030-05-12", [act("09:00", { cost: 100 })]);
    const costly = act("09:00", { cost: 201 });
    const dear = day("2030-05-13", [costly]);
    expect(checkItineraryRealism({ days: [cheap, dear] }, { budget: 400 })).toEqual([
      {
        kind: "budget",
        date: "2030-05-13",
        activityId: costly.id,
        message: "This day costs about $201, more than its share of the budget ($200)",
      },
    ]);
    expect(checkItineraryRealism({ days: [cheap, dear] }, { budget: 402 })).toEqual([]);
  });

  it("keeps each day's warnings in the order of its activities", () => {
    const a = act("05:00", { ...ORIGIN });
    const b = act("05:40", eastOf(30));
    const warnings = checkItineraryRealism({ days: [day("2030-05-12", [a, b])] }, { budget: 10 });
    expect(warnings.map((w) => `${w.kind}:${w.activityId}`)).toEqual([
      `early:${a.id}`,
      `early:${b.id}`,
      `travel:${b.id}`,
    ]);
  });

  it("property: every warning points at an activity of its own day, and a day alone has no repeats", () => {
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    const activity = fc.record({
      time,
      location: fc.constantFrom("Market", "Museum", "Park", "Harbour"),
      cost: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
      lat: fc.option(fc.double({ min: -1, max: 1, noNaN: true }), { nil: null }),
      lng: fc.option(fc.double({ min: -1, max: 1, noNaN: true }), { nil: null }),
    });
    const plan = fc.array(fc.array(activity, { maxLength: 6 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(plan, fc.integer({ min: 1, max: 5000 }), (rawDays, budget) => {
        const days = rawDays.map((list, i) =>
          day(
            `2030-05-${String(10 + i)}`,
            list.map((a) => act(a.time, a)),
          ),
        );
        const warnings = checkItineraryRealism({ days }, { budget });
        for (const w of warnings) {
          const own = days.find((d) => d.date === w.date);
          expect(own?.activities.some((a) => a.id === w.activityId)).toBe(true);
          expect(w.message.length).toBeGreaterThan(0);
        }
        const first = days[0]!;
        expect(
          checkDayRealism(first, { dayBudget: null, otherDays: days }).some(
            (w) => w.kind === "repeat",
          ),
        ).toBe(false);
        // At most one budget warning a day.
        for (const d of days)
          expect(
            warnings.filter((w) => w.date === d.date && w.kind === "budget").length,
          ).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});

describe("checkDayRealism: travel from the routed leg (issue 46)", () => {
  const leg = (overrides: Partial<NonNullable<Activity["travel"]>>) => ({
    mode: "walk" as const,
    minutes: 38,
    meters: 2900,
    source: "router" as const,
    summary: null,
    departAt: null,
    ...overrides,
  });
  // 500 m apart: the straight-line guess (under 7 minutes) would fit a 15-minute gap.
  const louvre = act("09:00", {
    ...ORIGIN,
    location: "Louvre, Rue de Rivoli",
    durationMinutes: 45,
  });
  const later = (travel: NonNullable<Activity["travel"]>) =>
    act("10:00", { ...eastOf(0.5), travel });

  it("warns when the leg does not fit the gap, naming mode and minutes", () => {
    const next = later(leg({}));
    expect(checkDayRealism(day("2027-05-04", [louvre, next]), noBudget)).toEqual([
      {
        kind: "travel",
        date: "2027-05-04",
        activityId: next.id,
        message: "The walk from Louvre takes 38 min; only 15 min are left",
      },
    ]);
  });

  it("says an estimate is one, and a taxi is a taxi", () => {
    const guessed = later(leg({ mode: "transit", source: "estimate", minutes: 20 }));
    expect(checkDayRealism(day("2027-05-04", [louvre, guessed]), noBudget)[0]?.message).toBe(
      "The ride from Louvre takes about 20 min (estimated); only 15 min are left",
    );
    const taxi = later(leg({ mode: "drive", summary: "Taxi", minutes: 18 }));
    expect(checkDayRealism(day("2027-05-04", [louvre, taxi]), noBudget)[0]?.message).toBe(
      "The taxi ride from Louvre takes 18 min; only 15 min are left",
    );
  });

  it("a leg that fits gives no warning, even where the straight line would not", () => {
    const far = act("10:00", { ...eastOf(9), travel: leg({ mode: "transit", minutes: 14 }) });
    expect(checkDayRealism(day("2027-05-04", [louvre, far]), noBudget)).toEqual([]);
  });
});
