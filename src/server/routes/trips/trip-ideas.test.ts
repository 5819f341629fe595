import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tripIdeas, tripMembers } from "#server/db/schema.ts";
import {
  ideaResponseSchema,
  ideasResponseSchema,
  MAX_IDEAS_PER_TRIP,
  type Idea,
} from "#shared/schemas/ideas.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The ideas of a trip through real HTTP on a real database (PGlite, or PostgreSQL by test-pg.ts).

let t: TestApp;
type Person = { client: TestClient; userId: string };
let owner: Person;
let editor: Person;
let viewer: Person;
let removed: Person;
let stranger: Person;
let tripId: string;

const RODIN = {
  title: "Musée Rodin",
  note: "The garden first",
  place: {
    name: "Musée Rodin",
    lat: 48.8553,
    lng: 2.3158,
    osmId: "way/12345",
    openingHours: "Tu-Su 10:00-18:30",
  },
};

const ideas = (id = tripId) => `/api/trips/${id}/ideas`;

async function add(client: TestClient, body: unknown = RODIN): Promise<Idea> {
  const res = await client.post(ideas(), body);
  expect(res.status).toBe(201);
  return ideaResponseSchema.parse(await res.json()).idea;
}

async function list(client: TestClient): Promise<Idea[]> {
  const res = await client.get(ideas());
  expect(res.status).toBe(200);
  return ideasResponseSchema.parse(await res.json()).ideas;
}

const lastSummary = async (client: TestClient) =>
  historyResponseSchema.parse(await (await client.get(`/api/trips/${tripId}/history`)).json())
    .changes[0]?.summary;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  owner = await signUpUser(t, { name: "Olive" });
  editor = await signUpUser(t, { name: "Eddie" });
  viewer = await signUpUser(t, { name: "Vic" });
  removed = await signUpUser(t, { name: "Rémi" });
  stranger = await signUpUser(t, { name: "Stranger" });
}, 120_000);

afterAll(() => t.close());

beforeEach(async () => {
  const trip = await insertTrip(t.deps.database.db, owner.userId, {
    destination: "Paris",
    startDate: "2027-05-01",
    days: 3,
    place: { name: "Paris", country: "France", lat: 48.85, lng: 2.35, timezone: "Europe/Paris" },
  });
  tripId = trip.id;
  await t.deps.database.db.insert(tripMembers).values([
    { tripId, userId: editor.userId, role: "editor" },
    { tripId, userId: viewer.userId, role: "viewer" },
    { tripId, userId: removed.userId, role: "editor" },
  ]);
  // A member who has since been removed from the trip.
  await t.deps.database.db
    .delete(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, removed.userId)));
});

describe("adding and reading ideas", () => {
  it("an editor adds an idea (201 { idea }); every member reads it", async () => {
    const idea = await add(editor.client);
    expect(idea).toMatchObject({
      tripId,
      title: "Musée Rodin",
      note: "The garden first",
      url: null,
      place: RODIN.place,
      addedBy: editor.userId,
      addedByName: "Eddie",
      votes: {},
      status: "idea",
      plannedActivityId: null,
    });
    for (const person of [owner, editor, viewer])
      expect((await list(person.client))[0]?.id).toBe(idea.id);
  });

  it("the access matrix: viewer 403 on changes, removed member and stranger 404, signed out 401", async () => {
    const idea = await add(owner.client);
    const routes: [string, string, unknown][] = [
      ["POST", ideas(), RODIN],
      ["PATCH", `${ideas()}/${idea.id}`, { title: "Rodin" }],
      ["POST", `${ideas()}/${idea.id}/vote`, { vote: "up" }],
      ["POST", `${ideas()}/${idea.id}/dismiss`, undefined],
      ["POST", `${ideas()}/${idea.id}/restore`, undefined],
      ["POST", `${ideas()}/${idea.id}/plan`, { date: "2027-05-02" }],
      ["DELETE", `${ideas()}/${idea.id}`, undefined],
    ];
    for (const [method, url, json] of routes) {
      expect(
        (await viewer.client.request(method, url, { json })).status,
        `viewer ${method} ${url}`,
      ).toBe(403);
      expect((await removed.client.request(method, url, { json })).status).toBe(404);
      expect((await stranger.client.request(method, url, { json })).status).toBe(404);
      expect((await createClient(t).request(method, url, { json })).status).toBe(401);
    }
    for (const person of [removed, stranger]) {
      const res = await person.client.get(ideas());
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { message: "Trip not found" } });
    }
    expect((await createClient(t).get(ideas())).status).toBe(401);
    // Nothing changed by any of the refused requests.
    expect(await list(owner.client)).toEqual([idea]);
  });

  it("an idea that is not on this trip, or a malformed id, is 'Idea not found'", async () => {
    const other = await insertTrip(t.deps.database.db, owner.userId, { days: 1 });
    const elsewhere = ideaResponseSchema.parse(
      await (await owner.client.post(ideas(other.id), RODIN)).json(),
    ).idea;
    for (const id of [elsewhere.id, "not-a-uuid"]) {
      const res = await owner.client.post(`${ideas()}/${id}/vote`, { vote: "up" });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { message: "Idea not found" } });
    }
  });

  it("bad input is a 422 naming the field and the limit; nothing is saved", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ title: "x".repeat(201) }, "title", /200/],
      [{ title: "Rodin", url: "javascript:alert(1)" }, "url", /http or https/],
      [{ title: "Rodin", url: "ftp://example.com/a" }, "url", /http or https/],
      [{ note: "no title and no link" }, "title", /required/],
      [{ title: "Rodin", place: { name: "Rodin", lat: 91, lng: 2 } }, "place.lat", /90/],
    ];
    for (const [body, path, message] of cases) {
      const res = await owner.client.post(ideas(), body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const { error } = (await res.json()) as {
        error: { message: string; issues: { path: string }[] };
      };
      expect(error.issues[0]?.path).toBe(path);
      expect(error.message).toMatch(message);
    }
    expect(await list(owner.client)).toEqual([]);
  });

  it(`at most ${MAX_IDEAS_PER_TRIP} ideas on a trip: the next is a 422 and is not saved`, async () => {
    await t.deps.database.db
      .insert(tripIdeas)
      .values(
        Array.from({ length: MAX_IDEAS_PER_TRIP }, (_, i) => ({ tripId, title: `Idea ${i}` })),
      );
    const res = await owner.client.post(ideas(), RODIN);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: {
        message: `A trip can have at most ${MAX_IDEAS_PER_TRIP} ideas`,
        issues: [{ path: "title" }],
      },
    });
    expect(await list(owner.client)).toHaveLength(MAX_IDEAS_PER_TRIP);
  });

  it("from a link: the title and the coordinates read from a Google Maps or OpenStreetMap address", async () => {
    const google = await add(owner.client, {
      url: "https://www.google.com/maps/place/Mus%C3%A9e+Rodin/@48.855,2.315,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d48.8553!4d2.3158",
    });
    expect(google.title).toBe("Musée Rodin");
    expect(google.place).toMatchObject({ name: "Musée Rodin", lat: 48.8553, lng: 2.3158 });
    const osm = await add(owner.client, {
      title: "Sainte-Chapelle",
      url: "https://www.openstreetmap.org/?mlat=48.8554&mlon=2.3450#map=18/48.8554/2.3450",
    });
    expect(osm.place).toMatchObject({ name: "Sainte-Chapelle", lat: 48.8554, lng: 2.345 });
    const site = await add(owner.client, { url: "https://www.musee-orsay.fr/en" });
    expect(site).toMatchObject({ title: "En (musee-orsay.fr)", place: null });
  });
});

describe("changing ideas", () => {
  it("edit, vote, dismiss, restore and remove, each in the history", async () => {
    const idea = await add(owner.client);
    expect(await lastSummary(owner.client)).toBe("Added an idea: “Musée Rodin”");

    const edited = await editor.client.patch(`${ideas()}/${idea.id}`, {
      note: "Book ahead",
      url: null,
    });
    expect(edited.status).toBe(200);
    expect(ideaResponseSchema.parse(await edited.json()).idea.note).toBe("Book ahead");
    expect(await lastSummary(owner.client)).toBe("Changed an idea: “Musée Rodin”");

    const up = await editor.client.post(`${ideas()}/${idea.id}/vote`, { vote: "up" });
    expect(ideaResponseSchema.parse(await up.json()).idea.votes).toEqual({ [editor.userId]: "up" });
    expect(await lastSummary(owner.client)).toBe("Voted for an idea: “Musée Rodin”");
    await owner.client.post(`${ideas()}/${idea.id}/vote`, { vote: "down" });
    const [voted] = await list(viewer.client);
    expect(voted?.votes).toEqual({ [editor.userId]: "up", [owner.userId]: "down" });
    expect(voted?.voters.map((v) => `${v.name}:${v.vote}`).sort()).toEqual([
      "Eddie:up",
      "Olive:down",
    ]);
    const back = await owner.client.post(`${ideas()}/${idea.id}/vote`, { vote: null });
    expect(ideaResponseSchema.parse(await back.json()).idea.votes).toEqual({
      [editor.userId]: "up",
    });
    expect(await lastSummary(owner.client)).toBe("Took back a vote on an idea: “Musée Rodin”");
    expect((await owner.client.post(`${ideas()}/${idea.id}/vote`, { vote: "maybe" })).status).toBe(
      422,
    );

    const dismissed = await editor.client.post(`${ideas()}/${idea.id}/dismiss`);
    expect(ideaResponseSchema.parse(await dismissed.json()).idea.status).toBe("dismissed");
    expect(await lastSummary(owner.client)).toBe("Dismissed an idea: “Musée Rodin”");
    const restored = await editor.client.post(`${ideas()}/${idea.id}/restore`);
    expect(ideaResponseSchema.parse(await restored.json()).idea.status).toBe("idea");
    expect(await lastSummary(owner.client)).toBe("Restored an idea: “Musée Rodin”");

    expect((await editor.client.delete(`${ideas()}/${idea.id}`)).status).toBe(204);
    expect(await lastSummary(owner.client)).toBe("Removed an idea: “Musée Rodin”");
    expect(await list(owner.client)).toEqual([]);
  });

  it("listed by votes (up minus down), ties by newest", async () => {
    const first = await add(owner.client, { title: "First" });
    const second = await add(owner.client, { title: "Second" });
    const third = await add(owner.client, { title: "Third" });
    expect((await list(owner.client)).map((i) => i.title)).toEqual(["Third", "Second", "First"]);
    await editor.client.post(`${ideas()}/${first.id}/vote`, { vote: "up" });
    await owner.client.post(`${ideas()}/${third.id}/vote`, { vote: "down" });
    expect((await list(owner.client)).map((i) => i.id)).toEqual([first.id, second.id, third.id]);
  });

  it("reaches the other members' open pages live", async () => {
    const idea = await add(owner.client);
    const stream = await viewer.client.get(`/api/trips/${tripId}/events`);
    const events = readEvents(stream);
    await events.next("ready");
    await editor.client.post(`${ideas()}/${idea.id}/vote`, { vote: "up" });
    expect((await events.next("change"))?.data).toMatchObject({
      summary: "Voted for an idea: “Musée Rodin”",
      by: { name: "Eddie" },
    });
    await events.close();
  });

  it("two people voting at once are both counted", async () => {
    const idea = await add(owner.client);
    const answers = await Promise.all([
      owner.client.post(`${ideas()}/${idea.id}/vote`, { vote: "up" }),
      editor.client.post(`${ideas()}/${idea.id}/vote`, { vote: "up" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await list(viewer.client))[0]?.votes).toEqual({
      [owner.userId]: "up",
      [editor.userId]: "up",
    });
  });
});

describe("planning an idea", () => {
  const readTrip = async () =>
    tripResponseSchema.parse(await (await owner.client.get(`/api/trips/${tripId}`)).json()).trip;

  it("adds the activity to the day placed by time, with its pin; removing it returns the idea", async () => {
    const idea = await add(editor.client);
    const res = await editor.client.post(`${ideas()}/${idea.id}/plan`, {
      date: "2027-05-02",
      time: "11:00",
    });
    expect(res.status).toBe(200);
    const planned = ideaResponseSchema.parse(await res.json()).idea;
    expect(planned).toMatchObject({ status: "planned", plannedDate: "2027-05-02" });
    const trip = await readTrip();
    const day = trip.itinerary.days[1]!;
    expect(day.activities.map((a) => a.time)).toEqual(["09:00", "11:00", "13:00"]);
    expect(day.activities[1]).toMatchObject({
      id: planned.plannedActivityId,
      activity: "Musée Rodin",
      location: "Musée Rodin",
      lat: 48.8553,
      lng: 2.3158,
    });
    expect(await lastSummary(owner.client)).toMatch(/Musée Rodin/);
    expect((await list(owner.client))[0]?.status).toBe("planned");

    // The day without it, saved as the editor would.
    const days = trip.itinerary.days.map((d) => ({
      date: d.date,
      activities: d.activities.filter((a) => a.id !== planned.plannedActivityId),
    }));
    const saved = await owner.client.patch(`/api/trips/${tripId}`, {
      version: trip.version,
      itinerary: { days },
    });
    expect(saved.status).toBe(200);
    expect((await list(owner.client))[0]).toMatchObject({
      id: idea.id,
      status: "idea",
      plannedActivityId: null,
      plannedDate: null,
    });
  });

  it("without a time it goes after the day's last activity", async () => {
    const idea = await add(owner.client);
    const res = await owner.client.post(`${ideas()}/${idea.id}/plan`, { date: "2027-05-01" });
    expect(res.status).toBe(200);
    const day = (await readTrip()).itinerary.days[0]!;
    expect(day.activities.map((a) => `${a.time} ${a.activity}`)).toEqual([
      "09:00 Morning walk 1",
      "13:00 Lunch 1",
      "14:00 Musée Rodin",
    ]);
  });

  it("a date off the trip or a bad time is a 422 naming the field", async () => {
    const idea = await add(owner.client);
    for (const [body, path] of [
      [{ date: "2027-06-01" }, "date"],
      [{ date: "2027-05-01", time: "25:00" }, "time"],
    ] as const) {
      const res = await owner.client.post(`${ideas()}/${idea.id}/plan`, body);
      expect(res.status).toBe(422);
      expect(
        ((await res.json()) as { error: { issues: { path: string }[] } }).error.issues[0]?.path,
      ).toBe(path);
    }
    expect((await list(owner.client))[0]?.status).toBe("idea");
  });
});
