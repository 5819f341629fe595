import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { profiles } from "#server/db/schema.ts";
import { chatReplySchema, type ChatReply } from "#shared/schemas/chat.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import {
  OWM_FAKE_API_KEY,
  startOpenWeatherMapFake,
  type OpenWeatherMapFake,
} from "#tests/fakes/openweathermap-fake.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const APOLOGY_WEATHER =
  "I apologize, but I was unable to fetch the weather forecast at the moment.";
const APOLOGY_CHAT = "I apologize, but I was unable to process your request at the moment.";

let ai: OpenAIFake;
let owm: OpenWeatherMapFake;
let om: OpenMeteoFake;
let meteoApp: TestApp;
let owmApp: TestApp;
let badKeyApp: TestApp;
let offlineApp: TestApp;

beforeAll(async () => {
  [ai, owm, om] = await Promise.all([
    startOpenAIFake(),
    startOpenWeatherMapFake(),
    startOpenMeteoFake(),
  ]);
  const model = { AI_BASE_URL: ai.url, AI_API_KEY: "sk-test", AI_MODEL: "fake-model" };
  // Generous enough for a loaded 2-core CI machine; the hang cases wait this long.
  const limits = { CHAT_RATE_LIMIT: "1000", WEATHER_TIMEOUT_MS: "2000", AI_TIMEOUT_MS: "3000" };
  meteoApp = await createTestApp({
    ...model,
    ...limits,
    OPEN_METEO_BASE_URL: om.url,
    OPEN_METEO_GEOCODING_URL: om.url,
  });
  owmApp = await createTestApp({
    ...model,
    ...limits,
    OPENWEATHER_API_KEY: OWM_FAKE_API_KEY,
    OPENWEATHER_BASE_URL: owm.url,
  });
  badKeyApp = await createTestApp({
    ...model,
    ...limits,
    OPENWEATHER_API_KEY: "revoked-key",
    OPENWEATHER_BASE_URL: owm.url,
  });
  offlineApp = await createTestApp({
    CHAT_RATE_LIMIT: "3",
    TRUST_PROXY: "true",
    OPEN_METEO_BASE_URL: om.url,
    OPEN_METEO_GEOCODING_URL: om.url,
  });
});
afterAll(async () => {
  await Promise.all([meteoApp, owmApp, badKeyApp, offlineApp].map((t) => t.close()));
  await Promise.all([ai.close(), owm.close(), om.close()]);
});
beforeEach(() => {
  ai.reset();
  owm.setFault(null);
  om.setFault(null);
  owm.resetCalls();
  om.resetCalls();
});

async function chat(t: TestApp, message: string, history: unknown[] = []): Promise<ChatReply> {
  const res = await createClient(t).post("/api/chat", { message, history });
  expect(res.status).toBe(200);
  return chatReplySchema.parse(await res.json());
}

const systemPrompt = () => ai.requests.at(-1)?.body.messages[0]?.content ?? "";

describe("POST /api/chat", () => {
  it("answers with the model's reply, Journey persona, weather and conversation (Open-Meteo)", async () => {
    const history = [
      { role: "user", content: "Hi there" },
      { role: "assistant", content: "Hello! Where to?" },
    ];
    const reply = await chat(meteoApp, "What's the weather in Tokyo next week?", history);
    expect(reply.response).toBe("Fake model reply to: What's the weather in Tokyo next week?");
    expect(reply.suggestions).toEqual([]);
    expect(reply.forecast?.provider).toBe("open-meteo");
    expect(reply.forecast?.location).toBe("Tokyo, JP");
    expect(reply.forecast?.days).toHaveLength(5);
    expect(reply.forecast?.days[0]).toMatchObject({ label: "Today", tempF: 64.4, highF: 69.8 });

    const request = ai.requests.at(-1)?.body;
    expect(request).toMatchObject({ temperature: 0.9, max_tokens: 1000, stream: true });
    // The conversation travels as its own turns, never inside the system message.
    expect(request?.messages.slice(1)).toEqual([
      { role: "user", content: "Hi there" },
      { role: "assistant", content: "Hello! Where to?" },
      { role: "user", content: "What's the weather in Tokyo next week?" },
    ]);
    const system = systemPrompt();
    expect(system).toMatch(/^You are Journey/);
    expect(system).toContain("Weather forecast for Tokyo, JP:\n- Today: clear sky, 64.4°F");
    expect(system).not.toContain("Hi there");
    expect(system).toContain("Traveller: a visitor who is not signed in.");
  });

  it("uses OpenWeatherMap when a key is set, every 8th entry, and caches repeated questions", async () => {
    const first = await chat(owmApp, "weather in Paris");
    expect(first.forecast?.provider).toBe("openweathermap");
    expect(first.forecast?.location).toBe("Paris, FR");
    expect(first.forecast?.days.map((d) => d.tempF)).toEqual([53.6, 58.1, 48.2, 60.8, 70.3]);
    expect(first.forecast?.days[1]?.clothing).toBe("Bring a raincoat and an umbrella.");
    expect(owm.geocodeCalls()).toBe(1);
    expect(owm.forecastCalls()).toBe(1);

    // "Tomorrow" is the forecast's second day only (a cached lookup all the same).
    const again = await chat(owmApp, "And the forecast for paris tomorrow?");
    expect(again.forecast).toEqual({ ...first.forecast, days: first.forecast?.days.slice(1, 2) });
    expect(owm.geocodeCalls()).toBe(1);
    expect(owm.forecastCalls()).toBe(1);
  });

  it.each([
    ["a wrong shape", () => om.setFault("wrong-shape"), "weather in Oslo"],
    ["a 500", () => om.setFault("server-error"), "weather in Oslo"],
    ["a hang (timeout)", () => om.setFault("hang"), "weather in Oslo"],
    ["no match", () => undefined, "weather in Atlantis"],
  ])("goes on chatting with the weather apology after %s", async (_, arrange, message) => {
    arrange();
    const reply = await chat(meteoApp, message);
    expect(reply.forecast).toBeNull();
    expect(reply.response).toBe(`Fake model reply to: ${message}`);
    expect(systemPrompt()).toContain(`Weather information:\n${APOLOGY_WEATHER}`);
  });

  it("treats OpenWeatherMap's 401 and 404 as weather failures", async () => {
    const unauthorised = await chat(badKeyApp, "weather in Paris");
    expect(unauthorised.forecast).toBeNull();
    expect(systemPrompt()).toContain(APOLOGY_WEATHER);
    const missing = await chat(owmApp, "weather in Atlantis");
    expect(missing.forecast).toBeNull();
    expect(systemPrompt()).toContain(APOLOGY_WEATHER);
  });

  it("streams the reply as server-sent events: forecast, deltas, done", async () => {
    ai.enqueue({ kind: "content", content: "Pack layers: Oslo is cold this week." });
    const res = await createClient(meteoApp).post(
      "/api/chat",
      { message: "weather in Oslo this week", history: [] },
      { Accept: "text/event-stream" },
    );
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("content-encoding")).toBeNull();
    const events = parseSse(await res.text());
    expect(events[0]?.event).toBe("forecast");
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => (JSON.parse(e.data) as { text: string }).text).join("")).toBe(
      "Pack layers: Oslo is cold this week.",
    );
    const done = chatReplySchema.parse(JSON.parse(events.at(-1)?.data ?? "{}"));
    expect(events.at(-1)?.event).toBe("done");
    expect(done.response).toBe("Pack layers: Oslo is cold this week.");
    expect(done.forecast?.days[0]?.clothing).toBe("Wear waterproof winter gear.");
  });

  it("ends a failed stream with the chat apology and no partial text", async () => {
    ai.enqueue({ kind: "error", status: 400, message: "bad request" });
    const res = await createClient(meteoApp).post(
      "/api/chat",
      { message: "Suggest a beach" },
      { Accept: "text/event-stream" },
    );
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual(["done"]);
    expect(JSON.parse(events[0]?.data ?? "{}")).toEqual({
      response: APOLOGY_CHAT,
      suggestions: [],
      forecast: null,
    });
  });

  it("retries a 503 before any output, then answers", async () => {
    ai.enqueue({ kind: "error", status: 503 }, { kind: "content", content: "Back again." });
    expect((await chat(meteoApp, "Suggest a beach")).response).toBe("Back again.");
    expect(ai.requests).toHaveLength(2);
  });

  it("retries a rate-limit 429 but not an exhausted quota", async () => {
    ai.enqueue(
      { kind: "error", status: 429, retryAfterSeconds: 0 },
      { kind: "content", content: "After the wait." },
    );
    expect((await chat(meteoApp, "Suggest a beach")).response).toBe("After the wait.");
    ai.reset();
    ai.enqueue(
      { kind: "error", status: 429, code: "insufficient_quota", type: "insufficient_quota" },
      { kind: "content", content: "Should not be asked for." },
    );
    expect((await chat(meteoApp, "Suggest a beach")).response).toBe(APOLOGY_CHAT);
    expect(ai.requests).toHaveLength(1);
  });

  it("answers with the chat apology when the model fails or hangs", async () => {
    ai.enqueue(
      { kind: "error", status: 500 },
      { kind: "error", status: 500 },
      { kind: "error", status: 500 },
    );
    expect((await chat(meteoApp, "Suggest a beach")).response).toBe(APOLOGY_CHAT);
    ai.enqueue({ kind: "error", status: 401 });
    expect((await chat(meteoApp, "Suggest a beach")).response).toBe(APOLOGY_CHAT);
    ai.enqueue({ kind: "hang" });
    const asked = ai.requests.length;
    const started = performance.now();
    expect((await chat(meteoApp, "Suggest a beach")).response).toBe(APOLOGY_CHAT);
    // The hanging model was asked once and given up on: AI_TIMEOUT_MS (3 s here) applied, not the
    // 60 s default. The bound is loose on purpose, so a loaded machine cannot fail it.
    expect(ai.requests.length - asked).toBe(1);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it("sends a signed-in user's profile, loaded by the server", async () => {
    const { client, userId } = await signUpUser(meteoApp);
    await meteoApp.deps.database.db.insert(profiles).values({
      id: userId,
      fullName: "Ada",
      preferredTravelStyle: "luxury",
      interests: ["History", "Food & Dining"],
      preferredDestinations: ["Lisbon", "Kyoto"],
    });
    const res = await client.post("/api/chat", { message: "Where next?" });
    expect(res.status).toBe(200);
    // The profile is the traveller's own text: a user message of its own, not the system message.
    const [system, profile, question] = ai.requests.at(-1)?.body.messages ?? [];
    expect(system?.content).not.toContain("Lisbon");
    expect(profile?.role).toBe("user");
    expect(profile?.content).toContain("- Preferred destinations: Lisbon, Kyoto");
    expect(profile?.content).toContain("- Preferred travel style: luxury");
    expect(profile?.content).toContain("- Interests: History, Food & Dining");
    expect(question).toEqual({ role: "user", content: "Where next?" });
    expect(JSON.stringify(ai.requests.at(-1)?.body.messages)).not.toContain(userId);
    expect(ai.requests.at(-1)?.body).toHaveProperty("user");
  });

  it("keeps only the most recent turns of a long history", async () => {
    const history = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 === 0 ? "user" : "assistant",
      content: `turn ${i}`,
    }));
    await chat(meteoApp, "Hello", history);
    const turns = ai.requests.at(-1)?.body.messages.slice(1, -1);
    expect(turns).toHaveLength(20);
    expect(turns?.[0]).toEqual({ role: "user", content: "turn 10" });
    expect(turns?.at(-1)).toEqual({ role: "assistant", content: "turn 29" });
  });

  it("refuses empty and over-long messages in words", async () => {
    const client = createClient(meteoApp);
    const blank = await client.post("/api/chat", { message: "   \n " });
    expect(blank.status).toBe(422);
    expect(await blank.json()).toMatchObject({
      error: { message: "Please type a message first." },
    });
    const long = await client.post("/api/chat", { message: "a".repeat(2001) });
    expect(long.status).toBe(422);
    expect(await long.json()).toMatchObject({
      error: { message: "Please keep your message under 2000 characters." },
    });
  });
});

describe("POST /api/chat without an AI provider", () => {
  it("answers weather questions from the forecast and says what needs a provider; then rate-limits", async () => {
    const weather = await chat(offlineApp, "What's the weather in New York?");
    expect(weather.forecast?.location).toBe("New York, US");
    expect(weather.response).toMatch(/^Weather forecast for New York, US:\n- Today: /);
    expect(weather.response).toContain(
      "General travel answers need an AI provider, and none is configured on this server.",
    );
    const general = await chat(offlineApp, "Where should I go in spring?");
    expect(general.forecast).toBeNull();
    expect(general.response).toMatch(/^General travel answers need an AI provider/);
    expect(ai.requests).toHaveLength(0);

    await chat(offlineApp, "One more");
    const limited = await createClient(offlineApp).post("/api/chat", { message: "And again" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      error: {
        code: "rate_limited",
        message:
          "You are sending messages faster than we can answer. Please wait a few minutes and try again.",
      },
    });
  });
});

describe("POST /api/chat rate limits", () => {
  it("limits a signed-in user across IP addresses", async () => {
    const { client } = await signUpUser(offlineApp);
    const from = (ip: string) =>
      client.request("POST", "/api/chat", {
        json: { message: "Hi" },
        headers: { "X-Forwarded-For": ip },
      });
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
      expect((await from(ip)).status).toBe(200);
    const limited = await from("203.0.113.4");
    expect(limited.status).toBe(429);
    // Another visitor on a fresh address is not affected.
    const other = await createClient(offlineApp).request("POST", "/api/chat", {
      json: { message: "Hi" },
      headers: { "X-Forwarded-For": "203.0.113.9" },
    });
    expect(other.status).toBe(200);
  });
});

function parseSse(text: string) {
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split("\n");
      const event =
        lines
          .find((l) => l.startsWith("event:"))
          ?.slice(6)
          .trim() ?? "message";
      const data = lines
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trimStart())
        .join("\n");
      return { event, data };
    });
}
