import { describe, expect, it } from "vitest";
import type { Place } from "../services/places/places-service.ts";
import { INSTRUCTION_NEEDS_MODEL, readWishes, wishesNote } from "./instruction-wishes.ts";

const place = (kind: string): Place => ({
  osmId: "node/1",
  name: kind,
  kind,
  lat: 48.86,
  lng: 2.34,
  address: null,
  openingHours: null,
  website: null,
  notable: false,
});

const slotNames = (instruction: string, withDinner = true) =>
  readWishes(instruction)
    .slots(withDinner)
    .map((s) => s.name);

describe("readWishes: what the keyless planner honours of a regenerate instruction", () => {
  it("reads the wishes plain words carry, in the traveller's own phrasings", () => {
    expect(readWishes("It's going to rain, keep us inside").used).toEqual(["indoors"]);
    expect(readWishes("a relaxed day please").used).toEqual(["fewer stops"]);
    expect(readWishes("Something cheaper, we're on a budget").used).toEqual(["cheaper"]);
    expect(readWishes("more museums and galleries").used).toEqual(["museums"]);
    expect(readWishes("we travel with the kids").used).toEqual(["kids"]);
  });

  it("takes neither of two wishes that contradict each other", () => {
    expect(readWishes("indoors or outdoors, whatever").used).toEqual([]);
    expect(readWishes("a relaxed but busy day").used).toEqual([]);
    expect(slotNames("a relaxed but busy day")).toEqual(slotNames(""));
  });

  it("shapes the day: fewer stops drop the afternoon, more stops split the morning in two", () => {
    expect(slotNames("")).toEqual(["morning", "lunch", "afternoon", "dinner"]);
    expect(slotNames("an easy day")).toEqual(["morning", "lunch", "dinner"]);
    expect(slotNames("a packed day")).toEqual(["morning", "late", "lunch", "afternoon", "dinner"]);
    const busy = readWishes("a packed day").slots(true);
    expect(busy[0]?.times[0]).toBe("09:00");
  });

  it("adds a sight after dinner for nightlife, but not for a family with kids", () => {
    expect(slotNames("a night out, some bars")).toEqual([
      "morning",
      "lunch",
      "afternoon",
      "dinner",
      "night",
    ]);
    expect(slotNames("nightlife with the kids")).not.toContain("night");
  });

  it("keeps dinner on a day without it only when food or nightlife is asked for", () => {
    expect(slotNames("", false)).not.toContain("dinner");
    expect(slotNames("great food", false)).toContain("dinner");
    expect(slotNames("drinks in the evening", false)).toContain("dinner");
  });

  it("lets only fitting places be sights, and looks up the interests that serve the wish", () => {
    const rainy = readWishes("rainy day");
    expect(rainy.sight(place("museum"))).toBe(true);
    expect(rainy.sight(place("park"))).toBe(false);
    expect(rainy.interests).toEqual(["Culture & Arts"]);
    expect(rainy.prefer).toBe("Culture & Arts");

    const sunny = readWishes("sunny, let's be outside");
    expect(sunny.sight(place("garden"))).toBe(true);
    expect(sunny.sight(place("museum"))).toBe(false);
    expect(sunny.prefer).toBe("Nature & Outdoors");

    const kids = readWishes("kids");
    expect(kids.sight(place("zoo"))).toBe(true);
    expect(kids.sight(place("church"))).toBe(false);
    expect(kids.interests).toEqual(["Nature & Outdoors", "Adventure"]);

    expect(readWishes("food").prefer).toBe("Food & Dining");
    expect(readWishes("cheap").cheaper).toBe(true);
    expect(readWishes("").sight(place("anything at all"))).toBe(true);
  });
});

describe("wishesNote: what the regenerate preview says about the instruction", () => {
  it("says nothing without an instruction", () => {
    expect(wishesNote(undefined, readWishes(undefined))).toBeNull();
    expect(wishesNote("   ", readWishes("   "))).toBeNull();
  });

  it("names what was used, or says the instruction needs a model", () => {
    expect(wishesNote("rainy and cheap", readWishes("rainy and cheap"))).toBe(
      "Used: indoors, cheaper.",
    );
    const unread = "Plan around my cousin's wedding at noon";
    expect(wishesNote(unread, readWishes(unread))).toBe(INSTRUCTION_NEEDS_MODEL);
  });
});
