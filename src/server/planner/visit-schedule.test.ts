import { describe, expect, it } from "vitest";
import type { Place } from "../services/places/places-service.ts";
import { DAY_SLOTS, MAX_HOP_KM, pick, visitTime, WALK_KM, type Slot } from "./visit-schedule.ts";

// A Tuesday in Paris (2025-06-10), with places laid out east of the Louvre along one parallel:
// 0.01° of longitude there is about 0.73 km.
const DATE = "2025-06-10";
const LOUVRE = { lat: 48.8606, lng: 2.3376 };
const eastKm = (km: number) => ({ lat: LOUVRE.lat, lng: LOUVRE.lng + (km / 0.733) * 0.01 });

let nextId = 1;
const place = (name: string, over: Partial<Place> & { km?: number } = {}): Place => {
  const { km = 0, ...rest } = over;
  return {
    osmId: `node/${nextId++}`,
    name,
    kind: "museum",
    ...eastKm(km),
    address: null,
    openingHours: null,
    website: null,
    notable: false,
    ...rest,
  };
};

const slot = (name: Slot["name"]) => DAY_SLOTS.find((s) => s.name === name) as Slot;
const always = () => "10:00";

describe("the day's slots", () => {
  it("never overlap, so a day's times ascend whatever is picked", () => {
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    for (let i = 1; i < DAY_SLOTS.length; i += 1) {
      const before = DAY_SLOTS[i - 1] as Slot;
      const lastStart = before.times[before.times.length - 1] as string;
      expect(minutes(lastStart) + before.minutes).toBeLessThanOrEqual(
        minutes((DAY_SLOTS[i] as Slot).times[0] as string),
      );
    }
  });
});

describe("visitTime: the first start at which a place is open for the whole visit", () => {
  it("takes the slot's first time when the place has no hours on record", () => {
    expect(visitTime(place("Unknown hours"), slot("morning"), DATE, "FR")).toBe("09:30");
  });

  it("skips the times at which the visit would start or end closed", () => {
    // Opens at 10:00: 09:30 starts closed; closes at 11:45: an 11:00 visit of 90 minutes ends closed.
    const late = place("Opens at ten", { openingHours: "Tu 10:00-11:45" });
    expect(visitTime(late, slot("morning"), DATE, "FR")).toBe("10:00");
    const short = place("Open one hour", { openingHours: "Tu 10:00-11:00" });
    expect(visitTime(short, slot("morning"), DATE, "FR")).toBeNull();
  });

  it("is null on the place's closed day", () => {
    const closedTuesday = place("Musée fermé le mardi", { openingHours: "We-Mo 09:00-18:00" });
    expect(visitTime(closedTuesday, slot("afternoon"), DATE, "FR")).toBeNull();
  });

  it("starts no earlier than the previous stop's end plus the travel to this one", () => {
    const open = place("Open all day", { openingHours: "Tu 09:00-19:00" });
    expect(visitTime(open, slot("afternoon"), DATE, "FR", 15 * 60 + 20)).toBe("15:30");
    expect(visitTime(open, slot("afternoon"), DATE, "FR", 17 * 60)).toBeNull();
  });
});

describe("pick: the place to go next", () => {
  it("starts the day at the on-interest place, then the notable one, then the nearest the centre", () => {
    const near = place("Near", { km: 0.2 });
    const notable = place("Notable", { km: 1.5, notable: true });
    const onInterest = place("On interest", { km: 3, interests: ["Food & Dining"] });
    const options = [near, notable, onInterest];
    expect(pick(options, always, null, LOUVRE, "Food & Dining")?.place.name).toBe("On interest");
    expect(pick(options, always, null, LOUVRE, null)?.place.name).toBe("Notable");
    expect(pick([near, place("Far", { km: 1 })], always, null, LOUVRE, null)?.place.name).toBe(
      "Near",
    );
  });

  it("keeps within walking distance of the previous stop when any suitable place is there", () => {
    const from = place("Previous stop");
    const walkable = place("Walkable", { km: WALK_KM - 0.5 });
    const notableFar = place("Notable but far", { km: MAX_HOP_KM + 1, notable: true });
    expect(pick([notableFar, walkable], always, from, LOUVRE, null)?.place.name).toBe("Walkable");
  });

  it("goes further only to the nearest suitable place when none is within walking distance", () => {
    const from = place("Previous stop");
    const closed = place("Closed but near", { km: 0.3 });
    const next = place("Nearest open", { km: 4 });
    const further = place("Further, notable", { km: 6, notable: true });
    const timeOf = (p: Place) => (p === closed ? null : "15:00");
    const chosen = pick([further, closed, next], timeOf, from, LOUVRE, null);
    expect(chosen).toEqual({ place: next, time: "15:00" });
  });

  it("answers null when no place is open at any time of the slot", () => {
    expect(pick([place("A"), place("B", { km: 1 })], () => null, null, LOUVRE, null)).toBeNull();
    expect(pick([place("A")], () => null, place("From"), LOUVRE, null)).toBeNull();
  });
});
