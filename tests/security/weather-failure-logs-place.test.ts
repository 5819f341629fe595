import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { captureLogs, LOG_LEVEL } from "#tests/support/captured-logs.ts";
import { createClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Weather: a failed lookup logged the visitor's place text, with a stack trace, at
 * warn. Now an unknown place (the visitor's doing) is a debug line and an outside failure a warn line
 * with the provider and status; neither carries the place, and neither a stack.
 */
const PLACE = "Sentinelville Harbour";
let om: OpenMeteoFake;
let t: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  om = await startOpenMeteoFake();
  t = await createTestApp(
    {
      CHAT_RATE_LIMIT: "1000",
      OPEN_METEO_BASE_URL: om.url,
      OPEN_METEO_GEOCODING_URL: om.url,
      WEATHER_TIMEOUT_MS: "1000",
    },
    { logger: logs.logger },
  );
});
afterAll(async () => {
  await t.close();
  await om.close();
});
beforeEach(() => {
  logs.clear();
  om.setFault(null);
});

async function askWeather(place: string) {
  const response = await createClient(t).post("/api/chat", { message: `weather in ${place}` });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { forecast: unknown }).forecast).toBeNull();
}

const weatherLines = () => logs.lines().filter((line) => line.msg?.startsWith("weather lookup"));

describe("a failed weather lookup", () => {
  it("for a place that does not exist: a debug line without the place", async () => {
    await askWeather(PLACE);
    expect(weatherLines()).toEqual([
      expect.objectContaining({ level: LOG_LEVEL.debug, provider: "open-meteo" }),
    ]);
    expect(
      logs.lines().filter((line) => line.level >= LOG_LEVEL.info && line.msg !== "request"),
    ).toEqual([]);
    expect(logs.text()).not.toContain("Sentinelville");
  });

  it.each([
    ["server-error", { status: 500 }],
    ["wrong-shape", { cause: "ZodError" }],
    ["hang", { cause: "TimeoutError" }],
  ] as const)(
    "when the service fails (%s): a warn line with provider and cause, no place, no stack",
    async (fault, detail) => {
      om.setFault(fault);
      // A place the fake knows, so only the fault makes it fail.
      await askWeather(`Oslo ${PLACE}`);
      const [line, ...rest] = weatherLines();
      expect(rest).toEqual([]);
      expect(line).toMatchObject({ level: LOG_LEVEL.warn, provider: "open-meteo", ...detail });
      expect(JSON.stringify(line)).not.toMatch(/stack| {4}at /);
      expect(logs.text()).not.toContain("Sentinelville");
      expect(logs.text()).not.toContain("Oslo");
    },
  );
});
