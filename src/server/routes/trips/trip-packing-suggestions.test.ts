import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import {
  packingResponseSchema,
  packingSuggestionsResponseSchema,
  packingItemsResponseSchema,
} from "#shared/schemas/packing.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { buildItinerary, insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Suggestions from the trip itself, through the Open-Meteo fake in its own wire format (its Paris:
// 12 °C clear, 14.5 °C rain, 9 °C clouds, 16 °C clear, 21.25 °C clear from today).

const paris = {
  name: "Paris",
  country: "France",
  lat: 48.8589,
  lng: 2.32,
  timezone: "Europe/Paris",
};
const parisToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(Date.now());
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let weather: OpenMeteoFake;
let t: TestApp;
type Person = { client: TestClient; userId: string };
let owner: Person;
let viewer: Person;
let stranger: Person;
let tripId: string;

beforeAll(async () => {
  weather = await startOpenMeteoFake();
  t = await createTestApp({
    AUTH_RATE_LIMIT: "1000",
    OPEN_METEO_BASE_URL: weather.url,
    OPEN_METEO_GEOCODING_URL: weather.url,
  });
  owner = await signUpUser(t, { name: "Ana" });
  viewer = await signUpUser(t, { name: "Vic" });
  stranger = await signUpUser(t, { name: "Stranger" });
  const start = parisToday();
  const itinerary = buildItinerary(start, 5);
  itinerary.days[3]!.activities[0]!.activity = "Hike to the Vallée de Chevreuse";
  const trip = await insertTrip(t.deps.database.db, owner.userId, {
    destination: "Paris",
    startDate: start,
    days: 5,
    place: paris,
    itinerary,
    transport: [
      {
        id: randomUUID(),
        mode: "flight",
        from: "New York",
        to: "Paris",
        departAt: `${start}T08:00`,
        arriveAt: `${start}T20:00`,
        departZone: "America/New_York",
        arriveZone: "Europe/Paris",
        carrier: null,
        number: null,
        reference: null,
        notes: null,
      },
    ],
  });
  tripId = trip.id;
  await t.deps.database.db
    .insert(tripMembers)
    .values({ tripId, userId: viewer.userId, role: "viewer" });
}, 120_000);

afterAll(async () => {
  await t.close();
  await weather.close();
});

const suggestionsOf = async (person: Person, query = "") => {
  const res = await person.client.get(`/api/trips/${tripId}/packing/suggestions${query}`);
  expect(res.status).toBe(200);
  return packingSuggestionsResponseSchema.parse(await res.json()).suggestions;
};

describe("GET /api/trips/:id/packing/suggestions", () => {
  it("a rainy day, a flight, a hike and France's plugs, each with its reason", async () => {
    const suggestions = await suggestionsOf(viewer);
    const byName = new Map(suggestions.map((s) => [s.name, s]));
    const rainDay = new Date(`${plus(parisToday(), 1)}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
    expect(byName.get("Raincoat")).toEqual({
      name: "Raincoat",
      category: "Clothing",
      reason: `Rain forecast in Paris, FR on ${rainDay}`,
    });
    expect(byName.get("Umbrella")?.reason).toBe(`Rain forecast in Paris, FR on ${rainDay}`);
    // 9 °C is 48 °F: a warm coat and a sweater; 21.25 °C dry is 70 °F: sunscreen.
    expect(byName.get("Warm coat")?.reason).toMatch(/^Below 50°F forecast in Paris, FR on /);
    expect(byName.has("Sunscreen")).toBe(true);
    expect(byName.has("Heavy coat")).toBe(false);
    expect(byName.get("Passport")?.reason).toMatch(/^For the flight from New York to Paris on /);
    expect(byName.get("Flight tickets")?.category).toBe("Documents");
    expect(byName.get("Hiking boots")?.reason).toMatch(/^For "Hike to the Vallée de Chevreuse"/);
    expect(byName.get("Plug adapter (type C/E)")?.reason).toBe(
      "France uses plug types C, E; United States uses A, B (IEC World Plugs)",
    );
    expect(byName.get("Voltage converter (230 V)")?.category).toBe("Electronics");
    expect(byName.has("Swimsuit")).toBe(false);
  });

  it("no plug suggestion for a traveller from a country with the same plugs and voltage", async () => {
    const names = (await suggestionsOf(owner, "?home=de")).map((s) => s.name);
    expect(names.some((n) => n.startsWith("Plug adapter"))).toBe(false);
    expect(names.some((n) => n.startsWith("Voltage converter"))).toBe(false);
    expect(
      (await owner.client.get(`/api/trips/${tripId}/packing/suggestions?home=France`)).status,
    ).toBe(422);
  });

  it("stranger 404, signed out 401", async () => {
    const url = `/api/trips/${tripId}/packing/suggestions`;
    expect((await stranger.client.get(url)).status).toBe(404);
    expect((await createClient(t).get(url)).status).toBe(401);
  });
});

describe("POST /api/trips/:id/packing/suggestions/accept", () => {
  it("adds the chosen ones with their categories; they are then no longer suggested", async () => {
    const { lists } = packingResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${tripId}/packing`)).json(),
    );
    const shared = lists.find((l) => l.kind === "shared")!;
    const url = `/api/trips/${tripId}/packing/suggestions/accept`;
    expect((await viewer.client.post(url, { names: ["Umbrella"], listId: shared.id })).status).toBe(
      403,
    );
    const res = await owner.client.post(url, {
      names: ["Umbrella", "Passport", "umbrella"],
      listId: shared.id,
    });
    expect(res.status).toBe(201);
    const { items } = packingItemsResponseSchema.parse(await res.json());
    expect(items.map((i) => [i.name, i.category])).toEqual([
      ["Umbrella", "Gear"],
      ["Passport", "Documents"],
    ]);
    const names = (await suggestionsOf(owner)).map((s) => s.name);
    expect(names).not.toContain("Umbrella");
    expect(names).not.toContain("Passport");
    expect(names).toContain("Raincoat");
    const history = historyResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${tripId}/history`)).json(),
    );
    expect(history.changes[0]?.summary).toBe(
      "Added 2 suggestions to the shared packing list: Umbrella, Passport",
    );
    expect((await owner.client.post(url, { names: [], listId: shared.id })).status).toBe(422);
  });
});
