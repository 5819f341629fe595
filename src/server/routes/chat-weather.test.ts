import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatReplySchema, type ChatReply } from "#shared/schemas/chat.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { LYON, PARIS } from "#tests/support/trip-places.ts";

// Friday 26 February 2027, noon UTC: Paris's forecast runs Fri Feb 26 … Tue Mar 2.
const NOW = Date.parse("2027-02-26T12:00:00Z");
const TRIP_NEEDS_PROVIDER =
  "Changes to your trip need an AI provider, and none is configured on this server. You can still edit the trip yourself.";

let om: OpenMeteoFake;
let t: TestApp;
let traveller: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  om = await startOpenMeteoFake({ now: () => NOW });
  // No AI provider: every answer here is the keyless one.
  t = await createTestApp({
    CHAT_RATE_LIMIT: "1000",
    AUTH_RATE_LIMIT: "1000",
    OPEN_METEO_BASE_URL: om.url,
    OPEN_METEO_GEOCODING_URL: om.url,
  });
  traveller = await signUpUser(t);
});
afterAll(async () => {
  await t.close();
  await om.close();
});

async function ask(client: TestClient, message: string, tripId?: string): Promise<ChatReply> {
  const res = await client.post("/api/chat", { message, ...(tripId ? { tripId } : {}) });
  expect(res.status).toBe(200);
  return chatReplySchema.parse(await res.json());
}

const parisTrip = (startDate: string, days = 3) =>
  insertTrip(t.deps.database.db, traveller.userId, {
    destination: "Paris, France",
    place: PARIS,
    startDate,
    days,
  });

describe("the keyless assistant's weather answers", () => {
  it("answers 'during my trip' from a trip with that trip's days only, and no word about changes", async () => {
    const trip = await parisTrip("2027-02-27");
    const reply = await ask(
      traveller.client,
      "What will the weather be like in Paris during my trip?",
      trip.id,
    );
    expect(reply.forecast?.location).toBe("Paris, FR");
    expect(reply.forecast?.days.map((d) => d.date)).toEqual([
      "2027-02-27",
      "2027-02-28",
      "2027-03-01",
    ]);
    expect(reply.forecast?.unit).toBe("F");
    expect(reply.response).toMatch(
      /^Weather forecast for Paris, FR \(Sat, Feb 27 – Mon, Mar 1\):\n- Sat, Feb 27: moderate rain, 58\.1°F/,
    );
    expect(reply.response).not.toContain("°C");
    expect(reply.response).not.toContain("Changes to your trip");
  });

  it("uses the trip's stops and dates when the question names no place", async () => {
    const trip = await insertTrip(t.deps.database.db, traveller.userId, {
      destination: "Paris, France",
      startDate: "2027-02-26",
      days: 4,
      stops: [
        {
          id: crypto.randomUUID(),
          destination: "Paris, France",
          startDate: "2027-02-26",
          endDate: "2027-02-27",
          place: PARIS,
        },
        {
          id: crypto.randomUUID(),
          destination: "Lyon, France",
          startDate: "2027-02-28",
          endDate: "2027-03-01",
          place: LYON,
        },
      ],
    });
    const reply = await ask(traveller.client, "Should I pack an umbrella?", trip.id);
    expect(reply.response).toContain("Weather forecast for Paris, FR (Fri, Feb 26 – Sat, Feb 27):");
    expect(reply.response).toContain("Weather forecast for Lyon, FR (Sun, Feb 28 – Mon, Mar 1):");
    expect(reply.forecast?.location).toBe("Paris, FR");
    expect(reply.response).not.toContain("Changes to your trip");
  });

  it("says the trip's dates are beyond the forecast window and from which day a forecast exists", async () => {
    const trip = await parisTrip("2027-06-10");
    const reply = await ask(
      traveller.client,
      "What will the weather be like in Paris during my trip?",
      trip.id,
    );
    expect(reply.forecast).toBeNull();
    expect(reply.response).toBe(
      "Your dates in Paris, FR (Thu, Jun 10 – Sat, Jun 12) are beyond the forecast window, which reaches Tue, Mar 2. A forecast for Thu, Jun 10 exists from Sun, Jun 6.\n\nGeneral travel answers need an AI provider, and none is configured on this server.",
    );
  });

  it("says which days of a trip reaching past the window are beyond it", async () => {
    const trip = await parisTrip("2027-03-01", 4);
    const reply = await ask(traveller.client, "Will it rain during our trip?", trip.id);
    expect(reply.forecast?.days.map((d) => d.date)).toEqual(["2027-03-01", "2027-03-02"]);
    expect(reply.response).toContain(
      "The forecast window reaches Tue, Mar 2; Wed, Mar 3 – Thu, Mar 4 are beyond it. A forecast for Wed, Mar 3 exists from Sat, Feb 27.",
    );
  });

  it("answers 'this weekend' with Saturday and Sunday, without a trip", async () => {
    const reply = await ask(
      createClient(t),
      "What will the weather be like in Paris this weekend?",
    );
    expect(reply.forecast?.days.map((d) => d.date)).toEqual(["2027-02-27", "2027-02-28"]);
    expect(reply.response).toMatch(
      /^Weather forecast for Paris, FR \(Sat, Feb 27 – Sun, Feb 28\):/,
    );
  });

  it("keeps the specification's pattern: the place after 'forecast for', up to 'tomorrow'", async () => {
    const reply = await ask(createClient(t), "Give me the forecast for Oslo tomorrow");
    expect(reply.forecast?.location).toBe("Oslo, NO");
    expect(reply.forecast?.days.map((d) => d.date)).toEqual(["2027-02-27"]);
  });

  it("writes text and card in the profile's unit when one is chosen, else °F", async () => {
    const celsius = await signUpUser(t);
    const saved = await celsius.client.put("/api/profile", {
      fullName: "Celsius Traveller",
      temperatureUnit: "C",
    });
    expect(saved.status).toBe(200);
    const reply = await ask(celsius.client, "What's the weather in Paris?");
    expect(reply.forecast?.unit).toBe("C");
    expect(reply.response).toContain("- Today: clear sky, 12.0°C (high 15.0°C, low 8.0°C)");
    expect(reply.response).not.toContain("°F");
    const anonymous = await ask(createClient(t), "What's the weather in Paris?");
    expect(anonymous.forecast?.unit).toBe("F");
    expect(anonymous.response).toContain("- Today: clear sky, 53.6°F (high 59.0°F, low 46.4°F)");
  });

  it("asks which place when a weather question names none and no trip is open", async () => {
    const reply = await ask(createClient(t), "Should I pack an umbrella?");
    expect(reply.forecast).toBeNull();
    expect(reply.response).toMatch(/^Which place do you mean\?/);
  });
});

describe("the keyless assistant and changes to the trip", () => {
  it("says a change needs an AI provider only when a change is asked for", async () => {
    const trip = await parisTrip("2027-02-27");
    const change = await ask(traveller.client, "Add a museum visit on day 2", trip.id);
    expect(change.response).toBe(TRIP_NEEDS_PROVIDER);
    const both = await ask(
      traveller.client,
      "Move lunch to 13:00, and what's the weather in Paris tomorrow?",
      trip.id,
    );
    expect(both.response).toMatch(/^Weather forecast for Paris, FR \(Sat, Feb 27\):/);
    expect(both.response.endsWith(TRIP_NEEDS_PROVIDER)).toBe(true);
    const question = await ask(traveller.client, "What is a good local dish?", trip.id);
    expect(question.response).not.toContain("Changes to your trip");
    expect(question.response).toMatch(/^General travel answers need an AI provider/);
  });
});
