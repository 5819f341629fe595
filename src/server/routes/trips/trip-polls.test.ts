import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tripMembers, tripPolls } from "#server/db/schema.ts";
import { ideaResponseSchema } from "#shared/schemas/ideas.ts";
import { pollResponseSchema, pollsResponseSchema, type Poll } from "#shared/schemas/polls.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The polls of a trip through real HTTP on a real database (PGlite, or PostgreSQL by test-pg.ts).

let t: TestApp;
type Person = { client: TestClient; userId: string };
let owner: Person;
let editor: Person;
let editor2: Person;
let viewer: Person;
let removed: Person;
let stranger: Person;
let tripId: string;

const polls = () => `/api/trips/${tripId}/polls`;
const WHERE = {
  question: "Where do we eat on Saturday?",
  options: [{ text: "Bouillon Chartier" }, { text: "Le Train Bleu" }],
};

async function create(client: TestClient, body: unknown = WHERE): Promise<Poll> {
  const res = await client.post(polls(), body);
  expect(res.status).toBe(201);
  return pollResponseSchema.parse(await res.json()).poll;
}

async function list(client: TestClient): Promise<Poll[]> {
  const res = await client.get(polls());
  expect(res.status).toBe(200);
  return pollsResponseSchema.parse(await res.json()).polls;
}

const vote = (client: TestClient, poll: Poll, optionIds: string[]) =>
  client.post(`${polls()}/${poll.id}/vote`, { optionIds });

const issueOf = async (res: Response) =>
  ((await res.json()) as { error: { message: string; issues?: { path: string }[] } }).error;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  owner = await signUpUser(t, { name: "Olive" });
  editor = await signUpUser(t, { name: "Eddie" });
  editor2 = await signUpUser(t, { name: "Edna" });
  viewer = await signUpUser(t, { name: "Vic" });
  removed = await signUpUser(t, { name: "Rémi" });
  stranger = await signUpUser(t, { name: "Stranger" });
}, 120_000);

afterAll(() => t.close());

beforeEach(async () => {
  tripId = (
    await insertTrip(t.deps.database.db, owner.userId, { startDate: "2027-05-01", days: 3 })
  ).id;
  await t.deps.database.db.insert(tripMembers).values([
    { tripId, userId: editor.userId, role: "editor" },
    { tripId, userId: editor2.userId, role: "editor" },
    { tripId, userId: viewer.userId, role: "viewer" },
    { tripId, userId: removed.userId, role: "viewer" },
  ]);
  await t.deps.database.db
    .delete(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, removed.userId)));
});

describe("polls", () => {
  it("an editor asks with text, date-range and idea options; everyone on the trip reads it", async () => {
    const idea = ideaResponseSchema.parse(
      await (
        await owner.client.post(`/api/trips/${tripId}/ideas`, { title: "Musée Rodin" })
      ).json(),
    ).idea;
    const poll = await create(editor.client, {
      question: "Saturday?",
      options: [{ text: "Market" }, { from: "2027-05-01", to: "2027-05-02" }, { ideaId: idea.id }],
      multiple: true,
    });
    expect(poll).toMatchObject({
      question: "Saturday?",
      multiple: true,
      closed: false,
      closesAt: null,
      createdBy: editor.userId,
      createdByName: "Eddie",
      myVote: [],
      voterCount: 0,
    });
    expect(poll.options.map((o) => o.label)).toEqual([
      "Market",
      "Sat 1 May – Sun 2 May",
      "Musée Rodin",
    ]);
    expect(poll.options[1]).toMatchObject({ from: "2027-05-01", to: "2027-05-02", votes: 0 });
    expect(poll.options[2]).toMatchObject({ ideaId: idea.id });
    for (const person of [owner, editor, viewer])
      expect((await list(person.client))[0]?.id).toBe(poll.id);
  });

  it("viewers vote (a vote is not an edit) and everyone sees who chose what", async () => {
    const poll = await create(owner.client);
    const [chartier, trainBleu] = poll.options;
    expect((await vote(viewer.client, poll, [chartier!.id])).status).toBe(200);
    const res = await vote(editor.client, poll, [trainBleu!.id]);
    const after = pollResponseSchema.parse(await res.json()).poll;
    expect(after.myVote).toEqual([trainBleu!.id]);
    expect(after.voterCount).toBe(2);
    expect(after.options.map((o) => [o.votes, o.voters.map((v) => v.name)])).toEqual([
      [1, ["Vic"]],
      [1, ["Eddie"]],
    ]);
    // Changing one's mind replaces the vote; [] takes it back.
    await vote(viewer.client, poll, [trainBleu!.id]);
    expect((await list(owner.client))[0]?.options.map((o) => o.votes)).toEqual([0, 2]);
    await vote(viewer.client, poll, []);
    expect((await list(owner.client))[0]?.options.map((o) => o.votes)).toEqual([0, 1]);
    const history = historyResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${tripId}/history`)).json(),
    );
    expect(history.changes.map((c) => c.summary).slice(0, 2)).toEqual([
      "Took back a vote on “Where do we eat on Saturday?”",
      "Voted on “Where do we eat on Saturday?”",
    ]);
  });

  it("the access matrix: a viewer cannot ask; removed member and stranger 404; signed out 401", async () => {
    const poll = await create(owner.client);
    expect((await viewer.client.post(polls(), WHERE)).status).toBe(403);
    const routes: [string, unknown][] = [
      [polls(), WHERE],
      [`${polls()}/${poll.id}/vote`, { optionIds: [poll.options[0]!.id] }],
      [`${polls()}/${poll.id}/close`, undefined],
    ];
    for (const [url, json] of routes) {
      expect((await removed.client.post(url, json)).status).toBe(404);
      expect((await stranger.client.post(url, json)).status).toBe(404);
      expect((await createClient(t).post(url, json)).status).toBe(401);
    }
    expect((await stranger.client.get(polls())).status).toBe(404);
    expect((await removed.client.get(polls())).status).toBe(404);
    expect((await createClient(t).get(polls())).status).toBe(401);
    for (const id of ["not-a-uuid", "6f1e0b1c-3c1a-4f3e-9f43-0e2d8a8b7c61"]) {
      const res = await owner.client.post(`${polls()}/${id}/close`);
      expect(res.status).toBe(404);
      expect((await issueOf(res)).message).toBe("Poll not found");
    }
  });

  it("bad polls are 422s naming the field and the limit; nothing saved", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ question: "One?", options: [{ text: "Only" }] }, "options", /at least 2/],
      [
        { question: "Eleven?", options: Array.from({ length: 11 }, (_, i) => ({ text: `${i}` })) },
        "options",
        /at most 10/,
      ],
      [{ question: "x".repeat(201), options: WHERE.options }, "question", /200/],
      [
        { ...WHERE, options: [{ text: "A" }, { from: "2027-05-03", to: "2027-05-01" }] },
        "options.1",
        /./,
      ],
      [
        { ...WHERE, options: [{ text: "A" }, { ideaId: "6f1e0b1c-3c1a-4f3e-9f43-0e2d8a8b7c61" }] },
        "options.1.ideaId",
        /idea/,
      ],
      [{ ...WHERE, closesAt: "2020-01-01T00:00:00Z" }, "closesAt", /future/],
    ];
    for (const [body, path, message] of cases) {
      const res = await owner.client.post(polls(), body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const error = await issueOf(res);
      expect(
        error.issues?.[0]?.path.startsWith(path),
        `${error.issues?.[0]?.path} for ${path}`,
      ).toBe(true);
      expect(error.message).toMatch(message);
    }
    expect(await list(owner.client)).toEqual([]);
  });

  it("single choice takes one option; unknown options are refused", async () => {
    const poll = await create(owner.client);
    const both = await vote(
      owner.client,
      poll,
      poll.options.map((o) => o.id),
    );
    expect(both.status).toBe(422);
    expect((await issueOf(both)).issues?.[0]?.path).toBe("optionIds");
    expect((await vote(owner.client, poll, ["nope"])).status).toBe(422);
  });

  it("the creator or the owner closes it; a vote on a closed poll is a 422; the result stays", async () => {
    const poll = await create(editor.client);
    await vote(viewer.client, poll, [poll.options[0]!.id]);
    expect((await editor2.client.post(`${polls()}/${poll.id}/close`)).status).toBe(403);
    const closed = await editor.client.post(`${polls()}/${poll.id}/close`);
    expect(closed.status).toBe(200);
    expect(pollResponseSchema.parse(await closed.json()).poll).toMatchObject({ closed: true });
    const late = await vote(owner.client, poll, [poll.options[1]!.id]);
    expect(late.status).toBe(422);
    expect(await issueOf(late)).toMatchObject({
      message: "This poll is closed",
      issues: [{ path: "optionIds" }],
    });
    expect((await list(viewer.client))[0]?.options.map((o) => o.votes)).toEqual([1, 0]);
    // The owner may close another's poll too.
    const other = await create(editor.client);
    expect((await owner.client.post(`${polls()}/${other.id}/close`)).status).toBe(200);
  });

  it("a poll past its closing time is closed", async () => {
    const poll = await create(owner.client, { ...WHERE, closesAt: "2099-01-01T00:00:00Z" });
    expect(poll.closesAt).toBe("2099-01-01T00:00:00.000Z");
    await t.deps.database.db
      .update(tripPolls)
      .set({ closesAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(tripPolls.id, poll.id));
    expect((await list(owner.client))[0]?.closed).toBe(true);
    expect((await vote(owner.client, poll, [poll.options[0]!.id])).status).toBe(422);
  });

  it("results are live on the other members' pages", async () => {
    const poll = await create(owner.client);
    const stream = await editor.client.get(`/api/trips/${tripId}/events`);
    const events = readEvents(stream);
    await events.next("ready");
    await vote(viewer.client, poll, [poll.options[0]!.id]);
    expect((await events.next("change"))?.data).toMatchObject({
      summary: "Voted on “Where do we eat on Saturday?”",
      by: { name: "Vic" },
    });
    await events.close();
  });
});
