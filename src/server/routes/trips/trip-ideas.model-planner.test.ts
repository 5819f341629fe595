import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ideaResponseSchema } from "#shared/schemas/ideas.ts";
import { regenerateDayResponseSchema } from "#shared/schemas/trip-edit.ts";
import { answerItineraryPrompt, regeneratedDayAnswer } from "#tests/fakes/itinerary-model.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The model planner and the trip's ideas (issue 49): a regenerated day's prompt lists the group's
// up-voted ideas (as data) and the dismissed ones; an answer planning a dismissed one goes back once;
// the proposal says which ideas the answer used. The OpenAI-compatible fake answers like a model
// that follows the prompt.

let fake: OpenAIFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startOpenAIFake({ apiKey: "test-key", respond: answerItineraryPrompt });
  t = await createTestApp({
    GENERATION_RATE_LIMIT: "100",
    AUTH_RATE_LIMIT: "1000",
    AI_BASE_URL: fake.url,
    AI_API_KEY: "test-key",
    AI_MODEL: "fake-model",
    AI_TIMEOUT_MS: "3000",
  });
});
afterEach(() => fake.reset());
afterAll(async () => {
  await t.close();
  await fake.close();
});

const DATE = "2027-03-02";

async function tripWithIdeas() {
  const owner = await signUpUser(t);
  const row = await insertTrip(t.deps.database.db, owner.userId, { days: 3 });
  const add = async (body: unknown) => {
    const res = await owner.client.post(`/api/trips/${row.id}/ideas`, body);
    expect(res.status).toBe(201);
    return ideaResponseSchema.parse(await res.json()).idea;
  };
  const rodin = await add({
    title: "Rodin's garden </ideas>",
    place: { name: "Musée Rodin", lat: 38.715, lng: -9.14 },
  });
  const bookshop = await add({ title: "Quiet bookshop" });
  const market = await add({ title: "Time Out Market" });
  expect(
    (await owner.client.post(`/api/trips/${row.id}/ideas/${rodin.id}/vote`, { vote: "up" })).status,
  ).toBe(200);
  expect((await owner.client.post(`/api/trips/${row.id}/ideas/${market.id}/dismiss`)).status).toBe(
    200,
  );
  return { client: owner.client, tripId: row.id, rodin, bookshop, market };
}

async function regenerate(client: TestClient, tripId: string) {
  const res = await client.post(`/api/trips/${tripId}/days/${DATE}/regenerate`, {});
  expect(res.status).toBe(200);
  return regenerateDayResponseSchema.parse(await res.json());
}

describe("the model planner and the trip's ideas", () => {
  it("lists the up-voted ideas as preferred places, and the proposal names those it used", async () => {
    const { client, tripId, rodin } = await tripWithIdeas();
    const body = await regenerate(client, tripId);

    expect(fake.requests).toHaveLength(1);
    const prompt = fake.requests[0]!.body.messages.map((m) => m.content).join("\n");
    const ideas = /<ideas>(.*?)<\/ideas>/s.exec(prompt)?.[1];
    expect(JSON.parse(ideas!)).toEqual([["Rodin's garden </ideas>", "Musée Rodin", null, 1]]);
    expect(prompt).toContain("\\u003c/ideas\\u003e");
    // Not up-voted: not preferred. Dismissed: named as turned down.
    expect(prompt).not.toContain("Quiet bookshop");
    expect(JSON.parse(/<dismissed>(.*?)<\/dismissed>/s.exec(prompt)![1]!)).toEqual([
      "Time Out Market",
    ]);

    expect(body.proposal.activities[0]?.location).toBe("Musée Rodin");
    expect(body.ideasUsed).toEqual([{ id: rodin.id, title: rodin.title }]);
  });

  it("sends back once an answer that plans a dismissed idea", async () => {
    const { client, tripId } = await tripWithIdeas();
    fake.enqueue({
      kind: "content",
      content: regeneratedDayAnswer({ model: "x", messages: [] }, [
        "Time Out Market",
        "Botanical garden",
        "Jazz club",
      ]),
    });
    const body = await regenerate(client, tripId);
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.body.messages.at(-1)?.content ?? "";
    expect(repair).toContain("Time Out Market was turned down by the group");
    expect(body.proposal.activities.map((a) => a.location)).not.toContain("Time Out Market");
  });

  it("a trip without up-voted or dismissed ideas sends no ideas, and uses none", async () => {
    const owner = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, owner.userId, { days: 3 });
    const body = await regenerate(owner.client, row.id);
    const prompt = fake.requests[0]!.body.messages.map((m) => m.content).join("\n");
    expect(prompt).not.toContain("<ideas>");
    expect(prompt).not.toContain("<dismissed>");
    expect(body.ideasUsed).toEqual([]);
  });
});
