import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripMembers } from "#server/db/schema.ts";
import { ideaResponseSchema, ideasResponseSchema } from "#shared/schemas/ideas.ts";
import { pollResponseSchema, pollsResponseSchema } from "#shared/schemas/polls.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { openTwoInstances } from "#tests/support/two-instances.ts";

// Two instances on one database and one bus: people voting at the same moment on different
// instances are all counted, and a page open on the other instance hears each vote.

let database: Database;
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, a, b, close } = await openTwoInstances());
}, 120_000);

afterAll(() => close());

describe("votes from two instances", () => {
  it("two votes at once on an idea and on a poll, one per instance, are both counted and heard", async () => {
    const ana = await signUpUser(a, { name: "Ana" });
    const bruno = await signUpUser(b, { name: "Bruno" });
    const trip = await insertTrip(database.db, ana.userId, { days: 2 });
    await database.db
      .insert(tripMembers)
      .values({ tripId: trip.id, userId: bruno.userId, role: "editor" });
    const ideas = `/api/trips/${trip.id}/ideas`;
    const { idea } = ideaResponseSchema.parse(
      await (await ana.client.post(ideas, { title: "Louvre" })).json(),
    );
    const { poll } = pollResponseSchema.parse(
      await (
        await ana.client.post(`/api/trips/${trip.id}/polls`, {
          question: "Which day?",
          options: [{ text: "Friday" }, { text: "Saturday" }],
        })
      ).json(),
    );

    const stream = await ana.client.get(`/api/trips/${trip.id}/events`);
    const events = readEvents(stream);
    await events.next("ready");
    const answers = await Promise.all([
      ana.client.post(`${ideas}/${idea.id}/vote`, { vote: "up" }),
      bruno.client.post(`${ideas}/${idea.id}/vote`, { vote: "up" }),
      ana.client.post(`/api/trips/${trip.id}/polls/${poll.id}/vote`, {
        optionIds: [poll.options[0]!.id],
      }),
      bruno.client.post(`/api/trips/${trip.id}/polls/${poll.id}/vote`, {
        optionIds: [poll.options[0]!.id],
      }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const summaries = [];
    for (let n = 0; n < 4; n++) summaries.push((await events.next("change"))?.data);
    expect(summaries.filter((d) => JSON.stringify(d).includes("Bruno"))).toHaveLength(2);
    await events.close();

    const listed = ideasResponseSchema.parse(await (await bruno.client.get(ideas)).json()).ideas;
    expect(listed[0]?.votes).toEqual({ [ana.userId]: "up", [bruno.userId]: "up" });
    const { polls } = pollsResponseSchema.parse(
      await (await ana.client.get(`/api/trips/${trip.id}/polls`)).json(),
    );
    expect(polls[0]?.options[0]?.votes).toBe(2);
  });
});
