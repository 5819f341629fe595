import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PlacesPreview } from "#shared/schemas/places-io.ts";
import { tripMembers, trips, type TripRow } from "#server/db/schema.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import {
  createClient,
  signUpUser,
  signUpVerifiedUser,
  type TestClient,
} from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { LYON, PARIS } from "#tests/support/trip-places.ts";

const DIR = "tests/fixtures/places/";
const fileOf = (name: string, as = name) => new File([readFileSync(DIR + name)], as);

function form(...files: File[]) {
  const body = new FormData();
  for (const file of files) body.append("file", file);
  return body;
}

type Actor = "owner" | "editor" | "viewer" | "stranger" | "signedOut";
let t: TestApp;
let fakes: PlacesFakes;
const clients = {} as Record<Actor, TestClient>;
const ids = {} as Record<Exclude<Actor, "signedOut">, string>;

beforeAll(async () => {
  fakes = await startPlacesFakes();
  t = await createTestApp({
    ...GENEROUS_LIMITS,
    ...fakes.places(5000),
    IMPORT_RATE_LIMIT: "1000",
    IMPORT_IP_RATE_LIMIT: "1000",
  });
  for (const actor of ["owner", "editor", "viewer", "stranger"] as const) {
    const signedUp = await signUpVerifiedUser(t, { name: `The ${actor}` });
    clients[actor] = signedUp.client;
    ids[actor] = signedUp.userId;
  }
  clients.signedOut = createClient(t);
}, 120_000);

afterAll(async () => {
  await t.close();
  await fakes.close();
});

beforeEach(() => fakes.reset());

async function parisTrip(extra: Partial<TripRow> = {}): Promise<TripRow> {
  const { db } = t.deps.database;
  const trip = await insertTrip(db, ids.owner, {
    destination: "Paris, France",
    place: PARIS,
    startDate: "2027-05-01",
    days: 3,
    ...extra,
  });
  await db.insert(tripMembers).values([
    { tripId: trip.id, userId: ids.editor, role: "editor" },
    { tripId: trip.id, userId: ids.viewer, role: "viewer" },
  ]);
  return trip;
}

const preview = (client: TestClient, tripId: string, ...files: File[]) =>
  client.request("POST", `/api/trips/${tripId}/import-places`, { body: form(...files) });

describe("import preview", () => {
  it("matches a Takeout list's names near the trip through the place search, else keeps them with their link", async () => {
    const trip = await parisTrip();
    const res = await preview(clients.owner, trip.id, fileOf("Paris food.csv"));
    expect(res.status).toBe(200);
    const body = (await res.json()) as PlacesPreview;
    expect(body.places.map((p) => [p.title, p.matched, p.osmId !== null])).toEqual([
      ["Le Procope", "name", true],
      ["Musée d'Orsay", "name", true],
      ["Pont des Arts", "coordinates", false],
      ["Café Imaginaire du Nulle-Part", "none", false],
    ]);
    expect(body.places[3]).toMatchObject({ lat: null, lng: null, group: "Paris food" });
    expect(body.places[3]?.url).toContain("google.com/maps/place/Nowhere");
    expect(body.places[0]?.note).toBe("Oldest café");
    // Nothing saved by a preview.
    const [row] = await t.deps.database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row?.version).toBe(trip.version);
  });

  it("reads several files at once, both Takeout key styles, merging a place saved twice", async () => {
    const trip = await parisTrip();
    const res = await preview(
      clients.editor,
      trip.id,
      fileOf("saved-places-older.json", "Saved Places.json"),
      fileOf("saved-places-current.json"),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as PlacesPreview;
    expect(body.places.map((p) => p.title)).toEqual([
      "Musée du Louvre",
      "Notre-Dame viewpoint",
      "Grandmother's favourite crêperie",
      "Musée d'Orsay",
      "Jardin du Luxembourg bench",
      "Le Procope",
    ]);
  });

  it.each([
    ["not-a-map.kml", "not a format we read"],
    ["billion-laughs.kml", "DOCTYPE"],
    ["zip-bomb.kmz", "more than 50 MB"],
  ])("refuses %s with a 422 naming the file", async (name, reason) => {
    const trip = await parisTrip();
    const res = await preview(clients.owner, trip.id, fileOf("trail.gpx"), fileOf(name));
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      error: { message: string; issues: { path: string }[] };
    };
    expect(body.error.message).toContain(name);
    expect(body.error.message).toContain(reason);
    expect(body.error.issues[0]?.path).toBe(name);
  });

  it("refuses more than 2,000 places in one import, counted over all its files", async () => {
    const trip = await parisTrip();
    const geojson = (name: string, count: number, from: number) =>
      new File(
        [
          JSON.stringify({
            type: "FeatureCollection",
            features: Array.from({ length: count }, (_, i) => ({
              type: "Feature",
              geometry: { type: "Point", coordinates: [2 + (from + i) / 1000, 48.8] },
              properties: { name: `Place ${from + i}` },
            })),
          }),
        ],
        name,
      );
    const res = await preview(
      clients.owner,
      trip.id,
      geojson("first.geojson", 1200, 0),
      geojson("second.geojson", 801, 1200),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(body.error.message).toContain("second.geojson");
    expect(body.error.message).toContain("more than 2,000 places");
    expect(body.error.issues[0]?.path).toBe("second.geojson");
  });

  it("refuses files over 10 MB in all, naming the one that passes it", async () => {
    const trip = await parisTrip();
    const big = new File([new Uint8Array(6 * 1024 * 1024).fill(32)], "first.csv");
    const second = new File([new Uint8Array(Math.round(4.1 * 1024 * 1024)).fill(32)], "second.csv");
    const res = await preview(clients.owner, trip.id, big, second);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      "second.csv",
    );
  });
});

describe("apply", () => {
  it("adds the places to the picked day, and merges the ones already there without touching their titles or notes", async () => {
    const trip = await parisTrip();
    const first = (await (
      await preview(clients.owner, trip.id, fileOf("saved-places-current.json"))
    ).json()) as PlacesPreview;
    const date = "2027-05-02";
    const applied = await clients.owner.post(`/api/trips/${trip.id}/import-places/apply`, {
      date,
      places: first.places.map((p, i) => (i === 0 ? { ...p, title: "Orsay (my name)" } : p)),
    });
    expect(applied.status).toBe(200);
    const result = (await applied.json()) as {
      added: number;
      merged: number;
      trip: { version: number; itinerary: TripRow["itinerary"] };
    };
    expect([result.added, result.merged]).toEqual([3, 0]);
    const day = result.trip.itinerary.days.find((d) => d.date === date);
    expect(day?.activities.slice(-3).map((a) => [a.activity, a.description])).toEqual([
      ["Orsay (my name)", ""],
      ["Jardin du Luxembourg bench", ""],
      ["Le Procope", "Ask for the terrace"],
    ]);
    expect(result.trip.version).toBe(trip.version + 1);

    // The same file again: every place is already on the trip.
    const again = (await (
      await preview(clients.owner, trip.id, fileOf("saved-places-current.json"))
    ).json()) as PlacesPreview;
    expect(again.places.every((p) => typeof p.duplicateOf === "string")).toBe(true);
    const second = await clients.owner.post(`/api/trips/${trip.id}/import-places/apply`, {
      date: "2027-05-01",
      places: again.places.map((p) => ({ ...p, title: "Overwritten?", note: "Overwritten?" })),
    });
    const merged = (await second.json()) as typeof result;
    expect([merged.added, merged.merged]).toEqual([0, 3]);
    const all = merged.trip.itinerary.days.flatMap((d) => d.activities);
    expect(all.filter((a) => a.activity === "Overwritten?")).toHaveLength(0);
    expect(all.filter((a) => a.activity === "Le Procope")).toHaveLength(1);
  });

  it("refuses a day outside the trip, with nothing saved", async () => {
    const trip = await parisTrip();
    const res = await clients.owner.post(`/api/trips/${trip.id}/import-places/apply`, {
      date: "2030-01-01",
      places: [{ title: "Somewhere", lat: 48.85, lng: 2.35, matched: "coordinates" }],
    });
    expect(res.status).toBe(422);
    const [row] = await t.deps.database.db.select().from(trips).where(eq(trips.id, trip.id));
    expect(row?.version).toBe(trip.version);
  });
});

describe("round trip", () => {
  it.each(["gpx", "kml", "geojson"])(
    "a two-stop trip exported as %s and imported into a new trip gives back its places, titles and notes",
    async (format) => {
      const { db } = t.deps.database;
      const located = [
        activityOf({
          time: "09:30",
          activity: "Musée du Louvre",
          location: "Musée du Louvre, Rue de Rivoli, Paris",
          description: "Book the 9:30 slot & see <Winged Victory>",
          cost: 22,
          lat: 48.8606,
          lng: 2.3376,
        }),
        activityOf({
          time: "13:00",
          activity: "Café de Flore",
          location: "Boulevard Saint-Germain",
          description: "",
          cost: null,
          lat: 48.854,
          lng: 2.3326,
        }),
        activityOf({
          time: "18:00",
          activity: "Les Halles Paul Bocuse",
          location: "Lyon",
          description: "Oysters, then the quenelles",
          cost: 40,
          lat: 45.7628,
          lng: 4.8505,
          stopIndex: 1,
        }),
      ];
      const from = await insertTrip(db, ids.owner, {
        destination: "Paris → Lyon",
        startDate: "2027-04-01",
        endDate: "2027-04-02",
        stops: [
          {
            id: crypto.randomUUID(),
            destination: "Paris",
            startDate: "2027-04-01",
            endDate: "2027-04-02",
            place: PARIS,
          },
          {
            id: crypto.randomUUID(),
            destination: "Lyon",
            startDate: "2027-04-02",
            endDate: "2027-04-02",
            place: LYON,
          },
        ],
        itinerary: {
          days: [
            { date: "2027-04-01", stops: [0], activities: located.slice(0, 2) },
            { date: "2027-04-02", stops: [0, 1], activities: located.slice(2) },
          ],
        },
      });
      const exported = await clients.owner.get(`/api/trips/${from.id}/export.${format}`);
      expect(exported.status).toBe(200);
      const file = new File([await exported.text()], `trip.${format}`);

      const into = await insertTrip(db, ids.owner, {
        destination: "Paris, France",
        place: PARIS,
        startDate: "2027-06-01",
        days: 2,
        itinerary: {
          days: [
            { date: "2027-06-01", activities: [] },
            { date: "2027-06-02", activities: [] },
          ],
        },
      });
      const read = await preview(clients.owner, into.id, file);
      expect(read.status).toBe(200);
      const { places } = (await read.json()) as PlacesPreview;
      const applied = await clients.owner.post(`/api/trips/${into.id}/import-places/apply`, {
        date: "2027-06-01",
        places,
      });
      expect(applied.status).toBe(200);
      const { trip } = (await applied.json()) as { trip: { itinerary: TripRow["itinerary"] } };
      const back = trip.itinerary.days.flatMap((d) => d.activities);
      expect(back.map((a) => [a.activity, a.description, a.lat, a.lng])).toEqual(
        located.map((a) => [a.activity, a.description, a.lat, a.lng]),
      );
    },
  );
});

describe("access", () => {
  const EXPECTED: Record<Actor, { edit: number; view: number }> = {
    owner: { edit: 200, view: 200 },
    editor: { edit: 200, view: 200 },
    viewer: { edit: 403, view: 200 },
    stranger: { edit: 404, view: 404 },
    signedOut: { edit: 401, view: 401 },
  };

  it.each(Object.keys(EXPECTED) as Actor[])("%s", async (actor) => {
    const trip = await parisTrip();
    const client = clients[actor];
    expect((await preview(client, trip.id, fileOf("trail.gpx"))).status).toBe(EXPECTED[actor].edit);
    const apply = await client.post(`/api/trips/${trip.id}/import-places/apply`, {
      date: "2027-05-01",
      places: [{ title: "A bench", lat: 48.85, lng: 2.35, matched: "coordinates" }],
    });
    expect(apply.status).toBe(EXPECTED[actor].edit);
    for (const format of ["gpx", "kml", "geojson", "csv"]) {
      const res = await client.get(`/api/trips/${trip.id}/export.${format}`);
      expect(res.status, format).toBe(EXPECTED[actor].view);
      if (res.status === 200) {
        expect(res.headers.get("content-disposition")).toContain(`paris-france.${format}`);
        // The factory's activities are unlocated: GPX (points only) has none of them.
        expect(await res.text()).toContain(format === "gpx" ? "<gpx" : "Morning walk 1");
      }
    }
  });

  it("an account whose address is not verified may not import (403), on a trip or from Home", async () => {
    const unverified = await signUpUser(t, { name: "New" });
    const trip = await insertTrip(t.deps.database.db, unverified.userId, {
      destination: "Paris, France",
      place: PARIS,
      startDate: "2027-05-01",
      days: 2,
    });
    const onTrip = await preview(unverified.client, trip.id, fileOf("trail.gpx"));
    expect(onTrip.status).toBe(403);
    expect(((await onTrip.json()) as { error: { code: string } }).error.code).toBe(
      "email_not_verified",
    );
    const fromHome = await unverified.client.request("POST", "/api/import-places", {
      body: form(fileOf("trail.gpx")),
    });
    expect(fromHome.status).toBe(403);
  });

  it("Home's import needs a verified session", async () => {
    expect(
      (
        await clients.signedOut.request("POST", "/api/import-places", {
          body: form(fileOf("trail.gpx")),
        })
      ).status,
    ).toBe(401);
    const res = await clients.stranger.request("POST", "/api/import-places", {
      body: form(fileOf("my-maps.kml")),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PlacesPreview;
    // No trip to look addresses up near: the address-only placemark stays unlocated.
    expect(body.places[1]).toMatchObject({
      title: "Traboule de la Cour des Voraces",
      matched: "none",
    });
  });

  it("the shared page's exports: public trips only, without booking references and costs", async () => {
    const trip = await parisTrip({ isPublic: true });
    const hidden = await parisTrip();
    const token = trip.shareToken!;
    await t.deps.database.db
      .update(trips)
      .set({
        stays: [
          {
            id: crypto.randomUUID(),
            stopIndex: 0,
            name: "Hôtel du Louvre",
            address: null,
            checkIn: "2027-05-01",
            checkOut: "2027-05-03",
            lat: 48.86,
            lng: 2.34,
            osmId: null,
            reference: "SECRET-REF",
          },
        ],
      })
      .where(eq(trips.id, trip.id));
    const csv = await clients.signedOut.get(`/api/shared/${token}/export.csv`);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("Lunch 1");
    expect(text).not.toMatch(/,25,USD,/);
    const kml = await (await clients.signedOut.get(`/api/shared/${token}/export.kml`)).text();
    expect(kml).toContain("Hôtel du Louvre");
    expect(kml).not.toContain("SECRET-REF");
    expect((await clients.signedOut.get(`/api/shared/${hidden.id}/export.gpx`)).status).toBe(404);
    await t.deps.database.db.update(trips).set({ isPublic: false }).where(eq(trips.id, trip.id));
    expect((await clients.signedOut.get(`/api/shared/${token}/export.gpx`)).status).toBe(404);
  });
});

describe("rate limit", () => {
  it("saved places count against IMPORT_RATE_LIMIT, on a trip and from Home alike (429)", async () => {
    const limited = await createTestApp({ ...GENEROUS_LIMITS, IMPORT_RATE_LIMIT: "2" });
    try {
      const { client, userId } = await signUpVerifiedUser(limited);
      const trip = await insertTrip(limited.deps.database.db, userId, { days: 2 });
      const onTrip = () =>
        client.request("POST", `/api/trips/${trip.id}/import-places`, {
          body: form(fileOf("trail.gpx")),
        });
      const fromHome = () =>
        client.request("POST", "/api/import-places", { body: form(fileOf("trail.gpx")) });
      expect((await onTrip()).status).toBe(200);
      expect((await fromHome()).status).toBe(200);
      const third = await fromHome();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await onTrip()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
