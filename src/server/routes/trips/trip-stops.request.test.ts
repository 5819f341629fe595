import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripSchema } from "#shared/schemas/trip.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/** A four-night trip (28 Dec – 1 Jan). */
const base = { startDate: "2027-12-28", endDate: "2028-01-01", budget: 1500 };

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp({ GENERATION_RATE_LIMIT: "50", AUTH_RATE_LIMIT: "1000" });
  ({ client } = await signUpUser(t));
});
afterAll(() => t.close());

const refused = async (body: unknown) => {
  const res = await client.post("/api/trips", body, { Accept: "application/json" });
  const json = (await res.json()) as {
    error: { code: string; message: string; fields?: Record<string, string> };
  };
  return { status: res.status, error: json.error };
};

describe("POST /api/trips with stops", () => {
  it("names both numbers when the stops' nights do not add up to the trip's", async () => {
    const { status, error } = await refused({
      ...base,
      stops: [
        { destination: "Paris", nights: 1 },
        { destination: "Lyon", nights: 1 },
      ],
    });
    expect(status).toBe(422);
    expect(JSON.stringify(error)).toContain("The stops' nights add up to 2; this trip has 4");
  });

  it("refuses no stops, more than 8 and a stop of no nights", async () => {
    const none = await refused({ ...base, stops: [] });
    expect(none.status).toBe(422);
    expect(JSON.stringify(none.error)).toContain("Add at least one city");

    const nine = await refused({
      ...base,
      endDate: "2028-01-06",
      stops: Array.from({ length: 9 }, (_, i) => ({ destination: `City ${i}`, nights: 1 })),
    });
    expect(nine.status).toBe(422);
    expect(JSON.stringify(nine.error)).toContain("A trip can have at most 8 cities");

    const zero = await refused({
      ...base,
      stops: [
        { destination: "Paris", nights: 4 },
        { destination: "Lyon", nights: 0 },
      ],
    });
    expect(zero.status).toBe(422);
    expect(JSON.stringify(zero.error)).toContain("Each city needs at least 1 night");
  });

  it("refuses a city with no name and a destination over 100 characters", async () => {
    const blank = await refused({ ...base, stops: [{ destination: "  ", nights: 4 }] });
    expect(blank.status).toBe(422);
    expect(JSON.stringify(blank.error)).toContain("City is required");

    const long = await refused({
      ...base,
      destination: "x".repeat(101),
      stops: [{ destination: "Paris", nights: 4 }],
    });
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.error)).toContain("Destination must be at most 100 characters");
  });

  it("saves the stops with their dates and the cities joined as the destination", async () => {
    const res = await client.post(
      "/api/trips",
      {
        ...base,
        stops: [
          { destination: "Paris", nights: 2 },
          { destination: "Lyon", nights: 2 },
        ],
      },
      { Accept: "application/json" },
    );
    expect(res.status).toBe(201);
    const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    expect(trip.destination).toBe("Paris → Lyon");
    expect(
      trip.stops.map(({ destination, startDate, endDate }) => [destination, startDate, endDate]),
    ).toEqual([
      ["Paris", "2027-12-28", "2027-12-30"],
      ["Lyon", "2027-12-30", "2028-01-01"],
    ]);
    expect(trip.transport).toEqual([]);
    expect(trip.stays).toEqual([]);
    const read = tripSchema.parse(
      ((await (await client.get(`/api/trips/${trip.id}`)).json()) as { trip: unknown }).trip,
    );
    expect(read.stops).toEqual(trip.stops);
  });

  it("keeps a request without stops one stop over the whole trip", async () => {
    const res = await client.post(
      "/api/trips",
      { ...base, destination: "Lisbon, Portugal" },
      { Accept: "application/json" },
    );
    expect(res.status).toBe(201);
    const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    expect(trip.stops).toHaveLength(1);
    expect(trip.stops[0]).toMatchObject({
      destination: "Lisbon, Portugal",
      startDate: base.startDate,
      endDate: base.endDate,
      place: trip.place,
    });
  });
});
