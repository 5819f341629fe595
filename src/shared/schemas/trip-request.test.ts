import { describe, expect, it } from "vitest";
import { tripDates, tripRequestSchema } from "./trip-request.ts";

const valid = {
  destination: "  Lisbon  ",
  startDate: "2027-03-30",
  endDate: "2027-04-02",
  budget: 1200,
};

const messages = (value: unknown) => {
  const result = tripRequestSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("tripRequestSchema", () => {
  it("trims, defaults the style to comfort and de-duplicates interests", () => {
    expect(
      tripRequestSchema.parse({ ...valid, interests: ["History", "History", "Shopping"] }),
    ).toEqual({
      destination: "Lisbon",
      startDate: "2027-03-30",
      endDate: "2027-04-02",
      budget: 1200,
      travelStyle: "comfort",
      interests: ["History", "Shopping"],
    });
  });

  it("names every missing required field", () => {
    expect(messages({ budget: Number.NaN })).toEqual([
      "destination: Destination is required",
      "startDate: Start date is required",
      "endDate: End date is required",
      "budget: Budget is required",
    ]);
  });

  it("reports the date order even while another field is wrong", () => {
    expect(messages({ ...valid, endDate: "2027-03-29", budget: -1 })).toEqual([
      "budget: Budget must be more than 0",
      "endDate: End date cannot be before start date",
    ]);
  });

  it("allows a one-day trip and at most 30 days", () => {
    expect(messages({ ...valid, endDate: valid.startDate })).toEqual([]);
    expect(messages({ ...valid, endDate: "2027-04-28" })).toEqual([]);
    expect(messages({ ...valid, endDate: "2027-04-29" })).toEqual([
      "endDate: Trips can be at most 30 days long",
    ]);
  });

  it("rejects impossible dates, long destinations, unknown styles and interests", () => {
    expect(messages({ ...valid, startDate: "2027-02-30" })).toEqual([
      "startDate: Start date must be a valid date",
    ]);
    expect(messages({ ...valid, destination: "x".repeat(101) })).toEqual([
      "destination: Destination must be at most 100 characters",
    ]);
    expect(messages({ ...valid, travelStyle: "lavish" })).toEqual([
      "travelStyle: Choose luxury, comfort or budget",
    ]);
    expect(messages({ ...valid, interests: ["Skiing"] })).toEqual([
      "interests.0: Unknown interest",
    ]);
  });
});

describe("tripDates", () => {
  it("lists every date, across month ends and DST changes", () => {
    expect(tripDates("2027-03-27", "2027-04-01")).toEqual([
      "2027-03-27",
      "2027-03-28",
      "2027-03-29",
      "2027-03-30",
      "2027-03-31",
      "2027-04-01",
    ]);
  });
});
