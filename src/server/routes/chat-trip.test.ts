import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import { MESSAGES } from "#shared/messages.ts";
import { chatReplySchema } from "#shared/schemas/chat.ts";
import { tripProposalSchema } from "#shared/schemas/trip-edit.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { startOpenAIFake, type ChatRequest, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { answerTripChat, isTripChatRequest } from "#tests/fakes/trip-chat-model.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { parseSse } from "#tests/support/sse.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const respond = (body: ChatRequest) =>
  isTripChatRequest(body)
    ? answerTripChat(body)
    : `Plain answer to: ${body.messages.at(-1)?.content ?? ""}`;

let fake: OpenAIFake;
let online: TestApp;
let offline: TestApp;
beforeAll(async () => {
  fake = await startOpenAIFake({ respond });
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

async function ownTrip(t: TestApp, overrides: Parameters<typeof insertTrip>[2] = {}) {
  const owner = await signUpUser(t);
  const row = await insertTrip(t.deps.database.db, owner.userId, { days: 3, ...overrides });
  return { ...owner, row };
}

const storedRow = async (t: TestApp, id: string) => {
  const [row] = await t.deps.database.db.select().from(trips).where(eq(trips.id, id));
  return row;
};

/** An answer whose proposal moves an activity to a trip date at a cost no stored activity may have. */
const overpricedAnswer = (reply: string) =>
  JSON.stringify({
    reply,
    proposal: {
      summary: "Add a private jet tour.",
      days: [
        {
          date: "2027-03-01",
          activities: [
            {
              ref: null,
              time: "10:00",
              activity: "Private jet tour",
              location: "Airport",
              description: "Over the city.",
              cost: 2_000_000,
            },
          ],
        },
      ],
    },
  });

const sentToModel = () =>
  fake.requests.flatMap((r) => r.body.messages.map((m) => m.content ?? "")).join("\n");

describe("POST /api/chat with tripId", () => {
  it("gives the owner's trip to the model as its own compact message and returns a proposal", async () => {
    const { client, row } = await ownTrip(online, { version: 5 });
    const before = await storedRow(online, row.id);
    const res = await client.post("/api/chat", {
      message: "Please move Lunch 1 to 2027-03-03",
      tripId: row.id,
    });
    expect(res.status).toBe(200);
    const reply = chatReplySchema.parse(await res.json());
    expect(reply.response).toBe("I moved Lunch 1 to 2027-03-03.");
    const proposal = tripProposalSchema.parse(reply.proposal);
    expect(proposal).toMatchObject({ tripId: row.id, version: 5 });
    const [d1, , d3] = row.itinerary.days;
    const lunch = d1!.activities[1]!;
    expect(proposal.days.map((d) => d.date)).toEqual(["2027-03-01", "2027-03-03"]);
    expect(proposal.days[0]!.activities.map((a) => a.id)).toEqual([d1!.activities[0]!.id]);
    expect(proposal.days[1]!.activities.map((a) => a.id)).toEqual([
      ...d3!.activities.map((a) => a.id),
      lunch.id,
    ]);
    // Nothing is saved until the traveller accepts.
    expect(await storedRow(online, row.id)).toEqual(before);

    const request = fake.requests[0]!.body;
    expect(request.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "trip_chat_answer", strict: true },
    });
    const tripMessage = request.messages.find((m) => (m.content ?? "").includes("<trip>"));
    expect(tripMessage?.role).toBe("user");
    expect(request.messages.indexOf(tripMessage!)).toBe(request.messages.length - 2);
    expect(tripMessage?.content).toContain(
      "2027-03-01 | a2 | 13:00 | 60 min | Lunch 1 | Market Hall | $25",
    );
    expect(tripMessage?.content).toContain("version 5");
    // Short references, never the stored ids.
    expect(sentToModel()).not.toContain(lunch.id);

    // Accepting applies it through PATCH, like any edit.
    const days = row.itinerary.days.map(
      (day) => proposal.days.find((p) => p.date === day.date) ?? day,
    );
    const applied = await client.patch(`/api/trips/${row.id}`, {
      version: proposal.version,
      itinerary: { days },
    });
    expect(applied.status).toBe(200);
    const trip = tripResponseSchema.parse(await applied.json()).trip;
    expect(trip.version).toBe(6);
    expect(trip.itinerary.days[2]!.activities.at(-1)?.id).toBe(lunch.id);
  });

  it("streams delta, proposal and done", async () => {
    const { client, row } = await ownTrip(online);
    const res = await client.post(
      "/api/chat",
      { message: "move Morning walk 2 to 2027-03-01", tripId: row.id },
      { Accept: "text/event-stream" },
    );
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual(["delta", "proposal", "done"]);
    const proposal = tripProposalSchema.parse(events[1]?.data);
    expect(proposal.days.map((d) => d.date)).toEqual(["2027-03-02", "2027-03-01"]);
    expect(chatReplySchema.parse(events[2]?.data).proposal).toEqual(proposal);
  });

  it("answers without a proposal when none is asked for", async () => {
    const { client, row } = await ownTrip(online);
    const res = await client.post("/api/chat", { message: "Is it walkable?", tripId: row.id });
    const reply = chatReplySchema.parse(await res.json());
    expect(reply.response).toContain("Is it walkable?");
    expect(reply.proposal).toBeUndefined();
    expect(reply.proposalError).toBeUndefined();
    // A valid answer needs no repair call.
    expect(fake.requests).toHaveLength(1);
  });

  it("repairs a proposal that breaks a stored activity's limit, and proposes the repaired one", async () => {
    const { client, row } = await ownTrip(online);
    // The model's draft allows any cost; a stored activity costs at most 1,000,000.
    fake.enqueue({ kind: "content", content: overpricedAnswer("I moved Lunch 2 to 2027-03-01.") });
    const res = await client.post("/api/chat", {
      message: "move Lunch 2 to 2027-03-01",
      tripId: row.id,
    });
    const reply = chatReplySchema.parse(await res.json());
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages.at(-1)?.content).toContain(
      "proposal.days.0.activities.0.cost",
    );
    expect(reply.response).toBe("I moved Lunch 2 to 2027-03-01.");
    expect(reply.proposal?.days.map((d) => d.date)).toEqual(["2027-03-02", "2027-03-01"]);
    expect(reply.proposalError).toBeUndefined();
  });

  it("keeps the text and drops only a proposal still invalid after the repair call", async () => {
    const { client, row } = await ownTrip(online);
    const text = "Mild and mostly dry; pack a light jacket.";
    fake.enqueue(
      { kind: "content", content: overpricedAnswer(text) },
      { kind: "content", content: overpricedAnswer(text) },
    );
    const res = await client.post(
      "/api/chat",
      { message: "What's the weather?", tripId: row.id },
      { Accept: "text/event-stream" },
    );
    const events = parseSse(await res.text());
    expect(fake.requests).toHaveLength(2);
    expect(events.map((e) => e.event)).toEqual(["delta", "done"]);
    expect(events[0]?.data).toEqual({ text });
    const reply = chatReplySchema.parse(events[1]?.data);
    expect(reply.response).toBe(text);
    expect(reply.proposal).toBeUndefined();
    expect(reply.proposalError).toBe("I could not turn that into a change to your trip");
  });

  it("keeps the first answer's text when the repaired answer is not even JSON", async () => {
    const { client, row } = await ownTrip(online);
    fake.enqueue(
      { kind: "content", content: overpricedAnswer("Day 1 is the busiest.") },
      { kind: "content", content: "Sorry, no JSON today" },
    );
    const res = await client.post("/api/chat", {
      message: "Which day is busiest?",
      tripId: row.id,
    });
    const reply = chatReplySchema.parse(await res.json());
    expect(reply).toMatchObject({
      response: "Day 1 is the busiest.",
      proposalError: "I could not turn that into a change to your trip",
    });
    expect(reply.proposal).toBeUndefined();
  });

  it("still apologises when no answer has usable text", async () => {
    const { client, row } = await ownTrip(online);
    fake.enqueue(
      { kind: "content", content: "not json" },
      { kind: "content", content: JSON.stringify({ reply: "", proposal: null }) },
    );
    const res = await client.post("/api/chat", { message: "Hello", tripId: row.id });
    const reply = chatReplySchema.parse(await res.json());
    expect(reply.response).toBe(MESSAGES.chatApology);
    expect(reply.proposalError).toBeUndefined();
  });

  it("repairs a proposal naming a date or an activity the trip does not have, once", async () => {
    const { client, row } = await ownTrip(online);
    fake.enqueue({
      kind: "content",
      content: JSON.stringify({
        reply: "Done.",
        proposal: {
          summary: "x",
          days: [
            {
              date: "2030-01-01",
              activities: [
                {
                  ref: "a99",
                  time: "10:00",
                  activity: "A",
                  location: "B",
                  description: "C",
                  cost: 1,
                },
              ],
            },
          ],
        },
      }),
    });
    const res = await client.post("/api/chat", {
      message: "move Lunch 2 to 2027-03-01",
      tripId: row.id,
    });
    const reply = chatReplySchema.parse(await res.json());
    expect(fake.requests).toHaveLength(2);
    const repair = fake.requests[1]!.body.messages.at(-1)?.content ?? "";
    expect(repair).toContain("2030-01-01 is not a date of the trip");
    expect(repair).toContain("a99 is not an activity of the trip");
    expect(reply.proposal?.days.map((d) => d.date)).toEqual(["2027-03-02", "2027-03-01"]);
  });

  it("ignores someone else's, a missing or a malformed tripId: nothing of that trip reaches the model", async () => {
    const { row } = await ownTrip(online, {
      destination: "Secret Island",
      itinerary: {
        days: [0, 1, 2].map((i) => ({
          date: `2027-03-0${i + 1}`,
          activities: [
            activityOf({
              time: "10:00",
              activity: `Hidden cove ${i}`,
              location: "Smugglers' Bay",
              description: "Private.",
              cost: 1,
            }),
          ],
        })),
      },
    });
    const bob = await signUpUser(online);
    const anonymous = createClient(online);
    for (const [client, tripId] of [
      [bob.client, row.id],
      [anonymous, row.id],
      [bob.client, "00000000-0000-4000-8000-000000000000"],
      [bob.client, "not-a-uuid"],
    ] as const) {
      fake.reset();
      const res = await client.post("/api/chat", {
        message: "move Hidden cove 0 to 2027-03-02",
        tripId,
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).not.toHaveProperty("proposal");
      expect(body.response).toBe("Plain answer to: move Hidden cove 0 to 2027-03-02");
      const sent = sentToModel();
      expect(sent).not.toContain("Secret Island");
      expect(sent).not.toContain("Smugglers");
      expect(sent).not.toContain("<trip>");
      expect(fake.requests[0]?.body.stream).toBe(true);
    }
  });

  it("bounds a very large trip's message and says what was left out", async () => {
    const owner = await signUpUser(online);
    const long = "Long activity name ".repeat(5);
    const row = await insertTrip(online.deps.database.db, owner.userId, {
      days: 30,
      itinerary: {
        days: Array.from({ length: 30 }, (_, d) => ({
          date: new Date(Date.UTC(2027, 2, 1 + d)).toISOString().slice(0, 10),
          activities: Array.from({ length: 12 }, (_, i) =>
            activityOf({
              time: "10:00",
              activity: `${long}${d}-${i}`,
              location: "Somewhere far",
              description: "x",
              cost: i,
            }),
          ),
        })),
      },
    });
    await owner.client.post("/api/chat", { message: "Hello", tripId: row.id });
    const tripMessage =
      fake.requests[0]?.body.messages.find((m) => (m.content ?? "").includes("<trip>"))?.content ??
      "";
    expect(tripMessage.length).toBeLessThan(13_000);
    expect(tripMessage).toMatch(/\(\d+ more lines not shown\)/);
  });
});

describe("POST /api/chat with tripId and no AI provider", () => {
  it("says that changes to the trip need a provider", async () => {
    const { client, row } = await ownTrip(offline);
    const res = await client.post("/api/chat", { message: "make day 2 cheaper", tripId: row.id });
    const reply = chatReplySchema.parse(await res.json());
    expect(reply.response).toBe(
      "Changes to your trip need an AI provider, and none is configured on this server. You can still edit the trip yourself.",
    );
    expect(reply.proposal).toBeUndefined();
  });
});
