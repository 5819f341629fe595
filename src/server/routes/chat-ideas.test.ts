import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import { chatReplySchema } from "#shared/schemas/chat.ts";
import { ideasResponseSchema } from "#shared/schemas/ideas.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// "Add the Musée Rodin to our ideas" in the in-app assistant (issue 49): the idea is added to the
// open trip through the ideas' own domain function (history line, live change), with a model
// configured or without one; a viewer is told who can; without a trip open nothing is added.

let fake: OpenAIFake;
let online: TestApp;
let offline: TestApp;
beforeAll(async () => {
  fake = await startOpenAIFake({ respond: () => "A plain answer." });
  const limits = { CHAT_RATE_LIMIT: "1000", AUTH_RATE_LIMIT: "1000", AI_TIMEOUT_MS: "3000" };
  [online, offline] = await Promise.all([
    createTestApp({ ...limits, AI_BASE_URL: fake.url, AI_API_KEY: "k", AI_MODEL: "fake-model" }),
    createTestApp(limits),
  ]);
});
afterEach(() => fake.reset());
afterAll(async () => {
  await Promise.all([online.close(), offline.close()]);
  await fake.close();
});

async function tripOf(t: TestApp) {
  const owner = await signUpUser(t);
  const viewer = await signUpUser(t);
  const row = await insertTrip(t.deps.database.db, owner.userId, { days: 3 });
  await t.deps.database.db
    .insert(tripMembers)
    .values({ tripId: row.id, userId: viewer.userId, role: "viewer" });
  return { owner, viewer, tripId: row.id };
}

const ideasOf = async (client: Awaited<ReturnType<typeof signUpUser>>["client"], id: string) => {
  const res = await client.get(`/api/trips/${id}/ideas`);
  expect(res.status).toBe(200);
  return ideasResponseSchema.parse(await res.json()).ideas;
};

describe.each([
  ["with a model", () => online],
  ["keyless", () => offline],
])("the assistant adds an idea (%s)", (_, app) => {
  it("adds it to the open trip, in the history", async () => {
    const t = app();
    const { owner, tripId } = await tripOf(t);
    const res = await owner.client.post("/api/chat", {
      message: "Add the Musée Rodin to our ideas",
      history: [],
      tripId,
    });
    expect(res.status).toBe(200);
    const reply = chatReplySchema.parse(await res.json());
    expect(reply.response).toContain("Added “Musée Rodin” to the trip's ideas");
    expect((await ideasOf(owner.client, tripId)).map((i) => [i.title, i.addedBy])).toEqual([
      ["Musée Rodin", owner.userId],
    ]);
    const history = historyResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${tripId}/history`)).json(),
    );
    expect(JSON.stringify(history)).toContain("Added an idea: “Musée Rodin”");
    // Done without asking the model.
    expect(fake.requests).toHaveLength(0);
  });

  it("tells a viewer who can add ideas, and adds nothing", async () => {
    const t = app();
    const { owner, viewer, tripId } = await tripOf(t);
    const res = await viewer.client.post("/api/chat", {
      message: "Add the Musée Rodin to our ideas",
      history: [],
      tripId,
    });
    expect(chatReplySchema.parse(await res.json()).response).toBe(
      "Only the trip's owner and editors can add ideas; ask one of them.",
    );
    expect(await ideasOf(owner.client, tripId)).toEqual([]);
  });

  it("adds nothing without a trip open", async () => {
    const t = app();
    const { owner, tripId } = await tripOf(t);
    const res = await owner.client.post("/api/chat", {
      message: "Add the Musée Rodin to our ideas",
      history: [],
    });
    expect(res.status).toBe(200);
    expect(chatReplySchema.parse(await res.json()).response).not.toContain("Added");
    expect(await ideasOf(owner.client, tripId)).toEqual([]);
  });
});
