import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planRequestReadSchema } from "#shared/schemas/plan-request-read.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// "Describe your trip" (issue 48) through real HTTP: keyless rules, then the model fake.

let t: TestApp;
let modelApp: TestApp;
let ai: OpenAIFake;

beforeAll(async () => {
  ai = await startOpenAIFake();
  [t, modelApp] = await Promise.all([
    createTestApp({ AUTH_RATE_LIMIT: "1000", PLACES_SEARCH_RATE_LIMIT: "3" }),
    createTestApp({
      AUTH_RATE_LIMIT: "1000",
      AI_BASE_URL: ai.url,
      AI_API_KEY: "sk-test",
      AI_MODEL: "fake-model",
      AI_TIMEOUT_MS: "5000",
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([t.close(), modelApp.close(), ai.close()]);
});

const READ = "/api/plan-request/read";
const FULL =
  "From Boston to Paris and Lyon, May 3–10, four of us, $6,000, an entire home that allows our dog, French and Italian food, no flights";
type ErrorBody = { error: { code: string; message: string } };

/** The next May 3 on or after today, as the reader places a date without a year. */
function nextMay3() {
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  return today <= `${year}-05-03` ? year : year + 1;
}

describe("POST /api/plan-request/read", () => {
  it("is for signed-in travellers only (401), before the text is looked at", async () => {
    const res = await createClient(t).post(READ, { text: "x".repeat(3000) });
    expect(res.status).toBe(401);
  });

  it("refuses a description over 2,000 characters (422)", async () => {
    const { client } = await signUpUser(t);
    const res = await client.post(READ, { text: `To Lisbon ${"and more ".repeat(300)}` });
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toBe(
      "The description must be at most 2,000 characters",
    );
  });

  it("says what was missing from a sentence it cannot read (422)", async () => {
    const { client } = await signUpUser(t);
    const res = await client.post(READ, { text: "somewhere warm please" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("unreadable_sentence");
    expect(body.error.message).toContain("where you are going, the dates and the budget");
  });

  it("reads the whole trip from one sentence, with the words that gave each field", async () => {
    const { client } = await signUpUser(t);
    const res = await client.post(READ, { text: FULL });
    expect(res.status).toBe(200);
    const body = planRequestReadSchema.parse(await res.json());
    const year = nextMay3();
    expect(body.request).toMatchObject({
      origin: "Boston",
      stops: [
        { destination: "Paris", nights: 4 },
        { destination: "Lyon", nights: 3 },
      ],
      startDate: `${year}-05-03`,
      endDate: `${year}-05-10`,
      travellers: 4,
      budget: 6000,
      lodging: { kind: "entire-home", needs: ["pets"] },
      cuisines: ["French", "Italian"],
      avoid: ["flights"],
    });
    expect(body.understood).toContainEqual({ field: "travellers", text: "four of us" });
    expect(body.understood).toContainEqual({ field: "budget", text: "$6,000" });
    expect(body.understood).toContainEqual({ field: "lodging.needs", text: "dog" });
    expect(body.unsure).toEqual([]);
  });

  it("is rate limited like place search", async () => {
    const { client } = await signUpUser(t);
    for (let i = 0; i < 3; i++) expect((await client.post(READ, { text: FULL })).status).toBe(200);
    expect((await client.post(READ, { text: FULL })).status).toBe(429);
  });

  it("lets the model read it when one is configured, checked by the same schema", async () => {
    const { client } = await signUpUser(modelApp);
    ai.reset();
    ai.enqueue({
      kind: "content",
      content: JSON.stringify({
        origin: "Boston",
        destination: "Rome",
        stops: [],
        cityCount: null,
        startDate: "2031-06-02",
        endDate: "2031-06-06",
        days: 5,
        travellers: 2,
        budget: 3000,
        lodgingKind: "hotel",
        lodgingNeeds: [],
        cuisines: ["Italian"],
        avoid: [],
        interests: ["History"],
        travelStyle: null,
        understood: [
          { field: "destination", text: "Rome" },
          { field: "budget", text: "three grand" },
        ],
      }),
    });
    const res = await client.post(READ, {
      text: "Me and my sister, Boston to Rome early June 2031 (2nd to 6th), three grand, hotel, pasta and ruins",
    });
    expect(res.status).toBe(200);
    const body = planRequestReadSchema.parse(await res.json());
    expect(body.request).toMatchObject({
      origin: "Boston",
      destination: "Rome",
      startDate: "2031-06-02",
      endDate: "2031-06-06",
      travellers: 2,
      budget: 3000,
      lodging: { kind: "hotel", needs: [] },
      cuisines: ["Italian"],
      interests: ["History"],
    });
    expect(body.understood).toContainEqual({ field: "budget", text: "three grand" });
    expect(ai.requests.length).toBeGreaterThan(0);
  });
});
