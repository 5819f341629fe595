import { describe, expect, it } from "vitest";
import { readTripSentence } from "./read-trip-sentence.ts";

const today = "2026-11-28";

describe("readTripSentence without a gazetteer (the product's Describe your trip)", () => {
  it("reads the whole-trip example of the Home screen", () => {
    const { sentence, unsure, understood } = readTripSentence(
      "From Boston to Paris and Lyon, May 3–10, four of us, $6,000, an entire home that allows our dog, French and Italian food, no flights",
      { today },
    );
    expect(sentence).toMatchObject({
      origin: "Boston",
      destination: "Paris",
      stops: ["Paris", "Lyon"],
      // No year written: the next May 3 after today.
      startDate: "2027-05-03",
      endDate: "2027-05-10",
      days: 8,
      travellers: 4,
      budget: 6000,
      lodgingKind: "entire-home",
      lodgingNeeds: ["pets"],
      cuisines: ["French", "Italian"],
      avoid: ["flights"],
    });
    expect(unsure).toEqual([]);
    expect(understood).toContainEqual({ field: "travellers", text: "four of us" });
    expect(understood).toContainEqual({ field: "budget", text: "$6,000" });
  });

  it("reads dates written day first and a range that crosses the year", () => {
    const { sentence } = readTripSentence("Two of us to Lisbon, 28 December to 3 January", {
      today,
    });
    expect(sentence).toMatchObject({
      destination: "Lisbon",
      startDate: "2026-12-28",
      endDate: "2027-01-03",
      travellers: 2,
    });
  });

  it("says what it could not tell and invents nothing", () => {
    const { sentence, unsure } = readTripSentence("somewhere warm please", { today });
    expect(sentence.destination).toBeNull();
    expect(sentence.budget).toBeNull();
    expect(unsure).toEqual(["destination", "startDate", "endDate", "budget", "travellers"]);
  });

  it("does not take a party of four for a party, nor a no-smoking room for smoking", () => {
    const { sentence } = readTripSentence(
      "A party of 4 going to Rome from June 2nd to June 6th, 2027 on $3k, non-smoking rooms, no driving",
      { today },
    );
    expect(sentence.travellers).toBe(4);
    expect(sentence.lodgingNeeds).toEqual([]);
    expect(sentence.budget).toBe(3000);
    expect(sentence.avoid).toEqual(["driving"]);
    expect(sentence.destination).toBe("Rome");
  });

  it("keeps a month name out of the places", () => {
    const { sentence } = readTripSentence("from March 16th to March 18th, 2027 to Berlin", {
      today,
    });
    expect(sentence.origin).toBeNull();
    expect(sentence.destination).toBe("Berlin");
  });
});
