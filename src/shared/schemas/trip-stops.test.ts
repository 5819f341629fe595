import { describe, expect, it } from "vitest";
import {
  stayInputSchema,
  stopPatchSchema,
  stopsRequestSchema,
  transportInputSchema,
} from "./trip-stops.ts";

const messages = (
  schema: {
    safeParse: (v: unknown) => {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
};

const train = {
  mode: "train",
  from: "Paris",
  to: "Lyon",
  departAt: "2027-12-30T10:00",
  arriveAt: "2027-12-30T12:00",
};

describe("stops of a plan request", () => {
  it("takes 1 to 8 cities of at least one night, trimmed", () => {
    expect(stopsRequestSchema.parse([{ destination: "  Paris ", nights: 2 }])).toEqual([
      { destination: "Paris", nights: 2 },
    ]);
    expect(messages(stopsRequestSchema, [])).toEqual([": Add at least one city"]);
    const nine = Array.from({ length: 9 }, () => ({ destination: "Paris", nights: 1 }));
    expect(messages(stopsRequestSchema, nine)).toEqual([": A trip can have at most 8 cities"]);
    expect(messages(stopsRequestSchema, [{ destination: "Paris", nights: 0 }])).toEqual([
      "0.nights: Each city needs at least 1 night",
    ]);
    expect(messages(stopsRequestSchema, [{ destination: "Paris", nights: 1.5 }])).toEqual([
      "0.nights: Nights must be a whole number",
    ]);
    expect(messages(stopsRequestSchema, [{ destination: " ", nights: 1 }])).toEqual([
      "0.destination: City is required",
    ]);
    expect(messages(stopsRequestSchema, [{ destination: "x".repeat(101), nights: 1 }])).toEqual([
      "0.destination: City must be at most 100 characters",
    ]);
  });

  it("lets a PATCH name a known stop by id", () => {
    const id = "00000000-0000-4000-8000-000000000001";
    expect(stopPatchSchema.parse({ id, destination: "Lyon", nights: 1 })).toEqual({
      id,
      destination: "Lyon",
      nights: 1,
    });
    expect(messages(stopPatchSchema, { id: "lyon", destination: "Lyon", nights: 1 })).toHaveLength(
      1,
    );
  });
});

describe("transportInputSchema", () => {
  it("fills what was left out with null and treats empty text as none", () => {
    expect(transportInputSchema.parse({ ...train, carrier: " ", notes: "Coach 5" })).toEqual({
      ...train,
      departZone: null,
      arriveZone: null,
      carrier: null,
      number: null,
      reference: null,
      notes: "Coach 5",
    });
  });

  it("refuses an unknown mode, a malformed time or zone", () => {
    expect(messages(transportInputSchema, { ...train, mode: "rocket" })).toEqual([
      "mode: Mode must be flight, train, bus, car, ferry or other",
    ]);
    expect(messages(transportInputSchema, { ...train, departAt: "2027-12-30 10:00" })).toEqual([
      "departAt: Departure must be a date and time (YYYY-MM-DDTHH:MM)",
    ]);
    expect(messages(transportInputSchema, { ...train, departZone: "Paris" })).toEqual([
      "departZone: Departure zone must be a time zone such as Europe/Paris",
    ]);
  });

  it("refuses an arrival before the departure once both zones are known, in real time", () => {
    const back = { ...train, arriveAt: "2027-12-30T09:59" };
    // Zones unknown: the server fills them from the stops and checks then.
    expect(messages(transportInputSchema, back)).toEqual([]);
    expect(
      messages(transportInputSchema, {
        ...back,
        departZone: "Europe/Paris",
        arriveZone: "Europe/Paris",
      }),
    ).toEqual(["arriveAt: Arrival cannot be before departure"]);
    // London 09:59 is Paris 10:59: after the 10:00 departure.
    expect(
      messages(transportInputSchema, {
        ...back,
        departZone: "Europe/Paris",
        arriveZone: "Europe/London",
      }),
    ).toEqual([]);
    // Arriving the minute it leaves is allowed (a zero-length journey is not before).
    expect(
      messages(transportInputSchema, {
        ...train,
        arriveAt: train.departAt,
        departZone: "UTC",
        arriveZone: "UTC",
      }),
    ).toEqual([]);
  });
});

describe("stayInputSchema", () => {
  const stay = { name: "Hôtel Lyon Centre", checkIn: "2027-12-30", checkOut: "2028-01-01" };

  it("leaves the stop to the server and the place unknown when not sent", () => {
    expect(stayInputSchema.parse(stay)).toEqual({
      ...stay,
      address: null,
      lat: null,
      lng: null,
      osmId: null,
      reference: null,
    });
  });

  it("needs a check-out after the check-in and a stop among the 8", () => {
    expect(messages(stayInputSchema, { ...stay, checkOut: stay.checkIn })).toEqual([
      "checkOut: Check-out must be after check-in",
    ]);
    expect(messages(stayInputSchema, { ...stay, stopIndex: 8 })).toHaveLength(1);
    expect(messages(stayInputSchema, { ...stay, name: " " })).toEqual(["name: Name is required"]);
  });
});
