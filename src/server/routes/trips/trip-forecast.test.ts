import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { trips } from "#server/db/schema.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripForecastSchema } from "#shared/schemas/trip-forecast.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const DAY_MS = 86_400_000;
const paris = { name: "Paris", country: "FR", lat: 48.8589, lng: 2.32, timezone: "Europe/Paris" };
const parisToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(Date.now());
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A loopback port with nothing listening: a weather service that is down. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let weather: OpenMeteoFake;
let t: TestApp;
let down: TestApp;
beforeAll(async () => {
  weather = await startOpenMeteoFake();
  t = await createTestApp({
    AUTH_RATE_LIMIT: "1000",
    OPEN_METEO_BASE_URL: weather.url,
    OPEN_METEO_GEOCODING_URL: weather.url,
  });
  const port = await closedPort();
  down = await createTestApp({
    AUTH_RATE_LIMIT: "1000",
    OPEN_METEO_BASE_URL: `http://127.0.0.1:${port}`,
    OPEN_METEO_GEOCODING_URL: `http://127.0.0.1:${port}`,
    WEATHER_TIMEOUT_MS: "2000",
  });
});
afterAll(async () => {
  await t.close();
  await down.close();
  await weather.close();
});

describe("GET /api/trips/:id/forecast", () => {
  it("gives the days inside the window their forecast and the later ones a date", async () => {
    const alice = await signUpUser(t);
    const start = parisToday();
    const trip = await insertTrip(t.deps.database.db, alice.userId, {
      destination: "Paris",
      startDate: start,
      days: 7,
      place: paris,
    });
    const res = await alice.client.get(`/api/trips/${trip.id}/forecast`);
    expect(res.status).toBe(200);
    const body = tripForecastSchema.parse(await res.json());
    expect(body.unavailable).toBe(false);
    expect(body.location).toBe("Paris, FR");
    expect(body.days.map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => plus(start, i)),
    );
    // The fake's Paris: clear, rain, clouds, clear, clear.
    expect(body.days.slice(0, 5).map((d) => d.forecast?.condition)).toEqual([
      "Clear",
      "Rain",
      "Clouds",
      "Clear",
      "Clear",
    ]);
    expect(body.days[1]!.forecast!.clothing).toBe("Bring a raincoat and an umbrella.");
    expect(body.days.slice(5).map((d) => [d.forecast, d.availableFrom])).toEqual([
      [null, plus(start, 1)],
      [null, plus(start, 2)],
    ]);
  });

  it("gives each day its own stop's weather on a trip with several stops", async () => {
    const alice = await signUpUser(t);
    const start = parisToday();
    const trip = await insertTrip(t.deps.database.db, alice.userId, {
      destination: "Paris → Lyon",
      startDate: start,
      days: 5,
      place: paris,
    });
    const lyon = {
      name: "Lyon",
      country: "FR",
      lat: 45.7578,
      lng: 4.832,
      timezone: "Europe/Paris",
    };
    await t.deps.database.db
      .update(trips)
      .set({
        stops: [
          {
            id: randomUUID(),
            destination: "Paris",
            startDate: start,
            endDate: plus(start, 2),
            place: paris,
          },
          {
            id: randomUUID(),
            destination: "Lyon",
            startDate: plus(start, 2),
            endDate: plus(start, 4),
            place: lyon,
          },
        ],
      })
      .where(eq(trips.id, trip.id));
    const body = tripForecastSchema.parse(
      await (await alice.client.get(`/api/trips/${trip.id}/forecast`)).json(),
    );
    expect(body.unavailable).toBe(false);
    expect(body.location).toBe("Paris, FR → Lyon, FR");
    // The transfer day's night is Lyon's: so is its weather.
    expect(body.days.map((d) => d.location)).toEqual([
      "Paris, FR",
      "Paris, FR",
      "Lyon, FR",
      "Lyon, FR",
      "Lyon, FR",
    ]);
    // The fake's Lyon from the third day: rain, clear, clouds (its days 2, 3, 4).
    expect(body.days.slice(2).map((d) => d.forecast?.condition)).toEqual([
      "Rain",
      "Clear",
      "Clouds",
    ]);
    expect(body.days.slice(0, 2).map((d) => d.forecast?.condition)).toEqual(["Clear", "Rain"]);
  });

  it("asks nothing of the weather service for a trip beyond the window", async () => {
    const alice = await signUpUser(t);
    const start = plus(parisToday(), 40);
    const trip = await insertTrip(t.deps.database.db, alice.userId, {
      startDate: start,
      days: 2,
      place: paris,
    });
    const before = weather.geocodeCalls();
    const body = tripForecastSchema.parse(
      await (await alice.client.get(`/api/trips/${trip.id}/forecast`)).json(),
    );
    expect(weather.geocodeCalls()).toBe(before);
    expect(body.days).toEqual([
      { date: start, forecast: null, availableFrom: plus(start, -4) },
      { date: plus(start, 1), forecast: null, availableFrom: plus(start, -3) },
    ]);
  });

  it("answers 200 with unavailable when the weather service is down", async () => {
    const alice = await signUpUser(down);
    const trip = await insertTrip(down.deps.database.db, alice.userId, {
      startDate: parisToday(),
      days: 2,
      place: paris,
    });
    const res = await alice.client.get(`/api/trips/${trip.id}/forecast`);
    expect(res.status).toBe(200);
    const body = tripForecastSchema.parse(await res.json());
    expect(body.unavailable).toBe(true);
    expect(body.days.every((d) => d.forecast === null)).toBe(true);
  });

  it("is the owner's only", async () => {
    const alice = await signUpUser(t);
    const bob = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId, { isPublic: true });
    for (const id of [trip.id, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await bob.client.get(`/api/trips/${id}/forecast`);
      expect(res.status).toBe(404);
    }
  });
});
