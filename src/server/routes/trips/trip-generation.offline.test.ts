import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import { tripSchema } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { parseSse } from "#tests/support/sse.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const request = {
  destination: "Lisbon, Portugal",
  startDate: "2027-05-01",
  endDate: "2027-05-07",
  budget: 900,
  travelStyle: "luxury",
  interests: ["Food & Dining", "History", "Adventure"],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ GENERATION_RATE_LIMIT: "5", AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const tripCount = async (userId: string) => {
  const [row] = await t.deps.database.db
    .select({ n: count() })
    .from(trips)
    .where(eq(trips.userId, userId));
  return row?.n ?? 0;
};

describe("POST /api/trips with the offline planner", () => {
  it("saves a valid template itinerary, one day per date, within the budget", async () => {
    expect(t.deps.ai.mode).toBe("offline");
    const alice = await signUpUser(t);
    const res = await alice.client.post("/api/trips", request, { Accept: "application/json" });
    expect(res.status).toBe(201);
    const { trip } = (await res.json()) as { trip: unknown };
    const parsed = tripSchema.parse(trip);
    expect(parsed).toMatchObject({
      destination: "Lisbon, Portugal",
      startDate: "2027-05-01",
      endDate: "2027-05-07",
      budget: 900,
      travelStyle: "luxury",
      status: "generated",
      isPublic: false,
    });
    expect(parsed.itinerary.days.map((d) => d.date)).toEqual([
      "2027-05-01",
      "2027-05-02",
      "2027-05-03",
      "2027-05-04",
      "2027-05-05",
      "2027-05-06",
      "2027-05-07",
    ]);
    const slots = parsed.itinerary.days.map((d) => d.activities.map((a) => a.time).join(","));
    expect(new Set(slots)).toEqual(new Set(["09:00,14:00,19:00"]));
    const total = parsed.itinerary.days
      .flatMap((d) => d.activities)
      .reduce((sum, a) => sum + (a.cost ?? Number.NaN), 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(900);
    expect(await tripCount(alice.userId)).toBe(1);

    const detail = await alice.client.get(`/api/trips/${parsed.id}`);
    expect(detail.status).toBe(200);
  });

  it("keeps a tiny budget: costs are scaled down, never negative", async () => {
    const bob = await signUpUser(t);
    const res = await bob.client.post("/api/trips", { ...request, budget: 10, interests: [] });
    expect(res.status).toBe(201);
    const { trip } = (await res.json()) as { trip: unknown };
    const costs = tripSchema
      .parse(trip)
      .itinerary.days.flatMap((d) => d.activities.map((a) => a.cost ?? Number.NaN));
    expect(costs.every((c) => c >= 0)).toBe(true);
    expect(costs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10);
  });

  it("streams start, outline, every day, then done with the saved trip", async () => {
    const carol = await signUpUser(t);
    const res = await carol.client.post("/api/trips", request, { Accept: "text/event-stream" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("content-encoding")).toBeNull();
    const events = parseSse(await res.text());
    const names = events.map((e) => e.event);
    expect(names[0]).toBe("start");
    expect(names[1]).toBe("outline");
    expect(names.filter((n) => n === "day")).toHaveLength(7);
    expect(names.at(-1)).toBe("done");
    const done = events.at(-1)?.data as { trip: unknown };
    expect(tripSchema.parse(done.trip).itinerary.days).toHaveLength(7);
    expect(await tripCount(carol.userId)).toBe(1);
  });

  it("rejects invalid input with the field's message and saves nothing", async () => {
    const dave = await signUpUser(t);
    const cases: [object, string][] = [
      [{ ...request, destination: "  " }, "Destination is required"],
      [{ ...request, destination: "x".repeat(101) }, "Destination must be at most 100 characters"],
      [{ ...request, endDate: "2027-04-30" }, "End date cannot be before start date"],
      [{ ...request, endDate: "2027-06-15" }, "Trips can be at most 30 days long"],
      [{ ...request, budget: 0 }, "Budget must be at least 1 USD"],
      [{ ...request, budget: undefined }, "Budget is required"],
      [{ ...request, startDate: "" }, "Start date is required"],
      [{ ...request, interests: ["Gambling"] }, "Unknown interest"],
      [{ ...request, travelStyle: "backpacker" }, "Choose luxury, comfort or budget"],
    ];
    for (const [body, message] of cases) {
      const res = await dave.client.post("/api/trips", body);
      expect(res.status, message).toBe(422);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(await tripCount(dave.userId)).toBe(0);
  });

  it("needs a session", async () => {
    const res = await createClient(t).post("/api/trips", request);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { message: "No user session found" } });
  });

  it("limits generations per user per hour with a 429 in words", async () => {
    const erin = await signUpUser(t);
    for (let i = 0; i < 5; i++)
      expect((await erin.client.post("/api/trips", request)).status).toBe(201);
    const res = await erin.client.post("/api/trips", request);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "You have reached the limit of 5 trip plans per hour. Please try again later.",
    );
    // Another user has their own allowance.
    const frank = await signUpUser(t);
    expect((await frank.client.post("/api/trips", request)).status).toBe(201);
  });

  it("refuses to prefill from another user's trip (404), allows the owner's", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, owner.userId);
    expect((await other.client.get(`/api/trips/${trip.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/trips/${trip.id}`)).status).toBe(200);
  });
});
