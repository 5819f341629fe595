import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { profiles, rateLimits, trips } from "#server/db/schema.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { captureLogs } from "#tests/support/captured-logs.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { fakeModelReply } from "../../bench/lib/generation-client.ts";

/**
 * A year-0 date, a NUL or a lone surrogate once passed validation, cost up to five
 * model calls against the user's limit, and then made the INSERT fail with a 500 whose warning held
 * every parameter. Now each is a 422 with the field's message before anything else happens: no model
 * call, no rate-limit hit, no row, and nothing of the text in the logs.
 */
const SENTINEL = "Zanzibarsentinel";
const valid = {
  destination: "Lisbon",
  startDate: "2030-05-01",
  endDate: "2030-05-03",
  budget: 1500,
  travelStyle: "comfort",
  interests: ["History"],
};

let ai: OpenAIFake;
let t: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  ai = await startOpenAIFake({ respond: fakeModelReply });
  t = await createTestApp(
    {
      AI_BASE_URL: ai.url,
      AI_API_KEY: "sk-test",
      AI_MODEL: "fake-model",
      GENERATION_RATE_LIMIT: "20",
      CHAT_RATE_LIMIT: "30",
      AUTH_RATE_LIMIT: "1000",
    },
    { logger: logs.logger },
  );
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => {
  ai.reset();
  logs.clear();
});

const rateLimitKeys = async () =>
  (await t.deps.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);

async function expectRefused(response: Response, message: string) {
  expect(response.status).toBe(422);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error).toMatchObject({ code: "invalid_input", message });
}

function expectNoTraceInLogs() {
  const text = logs.text();
  expect(text).not.toContain(SENTINEL);
  expect(text).not.toContain("\\u0000");
  expect(logs.lines().filter((line) => line.level >= 40)).toEqual([]);
}

describe("POST /api/trips with input PostgreSQL cannot store", () => {
  it.each([
    [
      "a year-0 start date",
      { startDate: "0000-01-01", endDate: "0000-01-03", destination: SENTINEL },
      "Start date must be between 1900-01-01 and 9999-12-31",
    ],
    [
      "a date after 9999",
      { startDate: "9999-12-31", endDate: "10000-01-01", destination: SENTINEL },
      "End date must be a valid date",
    ],
    [
      "a NUL in the destination",
      { destination: `${SENTINEL}\u0000` },
      "Destination contains characters that are not allowed",
    ],
    [
      "a lone surrogate in the destination",
      { destination: `${SENTINEL}\ud800` },
      "Destination contains characters that are not allowed",
    ],
  ])("%s: 422 before any model call or rate-limit hit", async (_name, override, message) => {
    const user = await signUpUser(t);
    for (const accept of ["application/json", "text/event-stream"]) {
      const response = await user.client.post(
        "/api/trips",
        { ...valid, ...override },
        { Accept: accept },
      );
      await expectRefused(response, message);
    }
    expect(ai.requests).toHaveLength(0);
    expect((await rateLimitKeys()).filter((key) => key.includes(user.userId))).toEqual([]);
    const rows = await t.deps.database.db.select().from(trips).where(eq(trips.userId, user.userId));
    expect(rows).toEqual([]);
    expectNoTraceInLogs();
  });

  it("still plans the same trip once the input is clean (the refusals cost nothing)", async () => {
    const user = await signUpUser(t);
    for (let i = 0; i < 25; i++)
      await expectRefused(
        await user.client.post("/api/trips", { ...valid, destination: "Lis\u0000bon" }),
        "Destination contains characters that are not allowed",
      );
    // 25 refusals with a limit of 20 an hour: none of them counted.
    const response = await user.client.post("/api/trips", valid);
    expect(response.status).toBe(201);
    expect(ai.requests.length).toBeGreaterThan(0);
  });
});

describe("every other route refuses NUL and lone surrogates with a 422", () => {
  it("PUT /api/profile: full name, bio, preferred destinations (text or list); nothing stored", async () => {
    const user = await signUpUser(t);
    const base = { fullName: "Ada", bio: "", preferredDestinations: [] as string[] };
    const cases: [object, string][] = [
      [{ fullName: `${SENTINEL}\u0000` }, "Full name contains characters that are not allowed"],
      [{ bio: `${SENTINEL}\udfff` }, "Bio contains characters that are not allowed"],
      [
        { preferredDestinations: `Lisbon, ${SENTINEL}\u0000` },
        "A preferred destination contains characters that are not allowed",
      ],
      [
        { preferredDestinations: ["Lisbon", `${SENTINEL}\ud83d`] },
        "A preferred destination contains characters that are not allowed",
      ],
    ];
    for (const [override, message] of cases)
      await expectRefused(await user.client.put("/api/profile", { ...base, ...override }), message);
    const stored = await t.deps.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, user.userId));
    expect(stored).toEqual([]);
    expectNoTraceInLogs();
  });

  it("POST /api/chat: message and history entries; no model call, no chat limit hit", async () => {
    const client = createClient(t);
    const before = (await rateLimitKeys()).filter((key) => key.startsWith("chat:"));
    await expectRefused(
      await client.post("/api/chat", { message: `${SENTINEL}\u0000` }),
      "Your message contains characters that are not allowed",
    );
    await expectRefused(
      await client.post(
        "/api/chat",
        { message: "Hello", history: [{ role: "user", content: `${SENTINEL}\ud800` }] },
        { Accept: "text/event-stream" },
      ),
      "A message contains characters that are not allowed",
    );
    expect(ai.requests).toHaveLength(0);
    expect((await rateLimitKeys()).filter((key) => key.startsWith("chat:"))).toEqual(before);
    expectNoTraceInLogs();
  });

  it.each(["q", "destination", "status", "cursor"])(
    "GET /api/trips?%s= with a NUL",
    async (param) => {
      const user = await signUpUser(t);
      const response = await user.client.get(`/api/trips?${param}=${SENTINEL}%00`);
      expect(response.status).toBe(422);
      expectNoTraceInLogs();
    },
  );

  it("share, unshare, read and delete with a NUL or surrogate in the trip id: 404, never 500", async () => {
    const user = await signUpUser(t);
    for (const id of ["%00", "a%00b", "%ED%A0%80", encodeURIComponent("\ud83d\ude00")]) {
      for (const [method, path] of [
        ["POST", `/api/trips/${id}/share`],
        ["DELETE", `/api/trips/${id}/share`],
        ["GET", `/api/trips/${id}`],
        ["DELETE", `/api/trips/${id}`],
        ["GET", `/api/shared/${id}`],
      ] as const) {
        const response = await user.client.request(method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
  });
});
