import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import { ideaResponseSchema, type Idea } from "#shared/schemas/ideas.ts";
import { packingResponseSchema, type PackingList } from "#shared/schemas/packing.ts";
import { pollResponseSchema, type Poll } from "#shared/schemas/polls.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Issue 49 in the account export: the ideas, polls and packing lists of the user's own trips, and
// what they added on other people's (an idea, a poll, their own packing list); nothing of another
// member's own list, and nothing of a trip they are not on.

type ExportFile = {
  ideas: Idea[];
  polls: Poll[];
  packingLists: (PackingList & { tripId: string })[];
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const ok = async (res: Response, status = 200) => {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as unknown;
};

async function exportOf(client: TestClient): Promise<ExportFile> {
  return (await ok(await client.get("/api/account/export"))) as ExportFile;
}

describe("GET /api/account/export: ideas, polls and packing lists", () => {
  it("holds the user's trips' ideas, polls and lists, and what they added on others'", async () => {
    const ana = await signUpUser(t, { name: "Ana" });
    const bruno = await signUpUser(t, { name: "Bruno" });
    const stranger = await signUpUser(t, { name: "Stranger" });
    const anas = await insertTrip(t.deps.database.db, ana.userId, {
      destination: "Paris",
      days: 2,
    });
    const brunos = await insertTrip(t.deps.database.db, bruno.userId, {
      destination: "Oslo",
      days: 2,
    });
    await t.deps.database.db.insert(tripMembers).values([
      { tripId: anas.id, userId: bruno.userId, role: "editor" },
      { tripId: brunos.id, userId: ana.userId, role: "editor" },
    ]);
    const idea = async (client: TestClient, tripId: string, title: string) =>
      ideaResponseSchema.parse(
        await ok(await client.post(`/api/trips/${tripId}/ideas`, { title }), 201),
      ).idea;
    const rodin = await idea(bruno.client, anas.id, "Musée Rodin");
    await ok(await ana.client.post(`/api/trips/${anas.id}/ideas/${rodin.id}/vote`, { vote: "up" }));
    const fjord = await idea(ana.client, brunos.id, "Fjord cruise");
    const brunosOwn = await idea(bruno.client, brunos.id, "Bruno's sauna");

    const poll = pollResponseSchema.parse(
      await ok(
        await ana.client.post(`/api/trips/${anas.id}/polls`, {
          question: "Which weekend?",
          options: [
            { from: "2027-05-01", to: "2027-05-02" },
            { from: "2027-05-08", to: "2027-05-09" },
          ],
        }),
        201,
      ),
    ).poll;
    await ok(
      await bruno.client.post(`/api/trips/${anas.id}/polls/${poll.id}/vote`, {
        optionIds: [poll.options[1]!.id],
      }),
    );
    await ok(
      await bruno.client.post(`/api/trips/${brunos.id}/polls`, {
        question: "Bruno's own question?",
        options: [{ text: "A" }, { text: "B" }],
      }),
      201,
    );

    const packing = async (client: TestClient, tripId: string) =>
      packingResponseSchema.parse(await ok(await client.get(`/api/trips/${tripId}/packing`))).lists;
    const [anasShared, anasMine] = await packing(ana.client, anas.id);
    const addItem = (client: TestClient, tripId: string, listId: string, name: string) =>
      client.post(`/api/trips/${tripId}/packing/lists/${listId}/items`, { name });
    await ok(await addItem(ana.client, anas.id, anasShared!.id, "Adapter"), 201);
    await ok(await addItem(ana.client, anas.id, anasMine!.id, "Toothbrush"), 201);
    const brunosLists = await packing(bruno.client, brunos.id);
    await ok(await addItem(bruno.client, brunos.id, brunosLists[0]!.id, "Tent"), 201);
    await ok(await addItem(bruno.client, brunos.id, brunosLists[1]!.id, "Bruno's socks"), 201);
    const [, anasOnBrunos] = await packing(ana.client, brunos.id);
    await ok(await addItem(ana.client, brunos.id, anasOnBrunos!.id, "Ana's scarf"), 201);
    // Bruno's own list on Ana's trip is his, not hers.
    const [, brunosOnAnas] = await packing(bruno.client, anas.id);
    await ok(await addItem(bruno.client, anas.id, brunosOnAnas!.id, "Bruno's hat"), 201);

    const file = await exportOf(ana.client);
    // Ideas: her trip's (with the votes as the API shows them), and the one she added on Bruno's.
    expect(file.ideas.map((i) => [i.tripId, i.title]).sort()).toEqual(
      [
        [anas.id, "Musée Rodin"],
        [brunos.id, "Fjord cruise"],
      ].sort(),
    );
    expect(file.ideas.find((i) => i.id === rodin.id)).toMatchObject({
      addedBy: bruno.userId,
      addedByName: "Bruno",
      votes: { [ana.userId]: "up" },
    });
    expect(file.ideas.some((i) => i.id === brunosOwn.id)).toBe(false);
    expect(file.ideas.find((i) => i.id === fjord.id)?.addedBy).toBe(ana.userId);
    // Polls: her trip's, with its date ranges and who chose what.
    expect(file.polls).toHaveLength(1);
    expect(file.polls[0]).toMatchObject({
      id: poll.id,
      tripId: anas.id,
      question: "Which weekend?",
    });
    expect(file.polls[0]!.options[1]).toMatchObject({ votes: 1 });
    // Packing: her trip's shared list, and her own lists on both trips; not Bruno's own.
    const lists = file.packingLists.map((l) => [l.tripId, l.kind, l.items.map((i) => i.name)]);
    expect(lists).toHaveLength(3);
    expect(lists).toEqual(
      expect.arrayContaining([
        [anas.id, "shared", ["Adapter"]],
        [anas.id, "personal", ["Toothbrush"]],
        [brunos.id, "personal", ["Ana's scarf"]],
      ]),
    );

    // A stranger's export holds none of it.
    const theirs = await exportOf(stranger.client);
    expect([theirs.ideas, theirs.polls, theirs.packingLists]).toEqual([[], [], []]);
  });
});
