import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_EXPORT_VERSION } from "#shared/schemas/account.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { trips } from "#server/db/schema.ts";
import { buildItinerary, insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "#tests/support/test-app.ts";
import { createLocalStorage } from "../services/storage/local-storage.ts";
import { EXPORT_PAGE_SIZE, exportTripPage } from "../account/account-export.ts";
import { requestStops } from "#server/planner/request-stops.ts";

type ExportFile = {
  version: number;
  exportedAt: string;
  account: { email: string; name: string; createdAt: string; signInMethods: string[] };
  profile: {
    fullName: string;
    bio: string;
    preferredTravelStyle: string | null;
    interests: string[];
    preferredDestinations: string[];
    temperatureUnit: "C" | "F" | null;
    homeCity: string | null;
    avatar: string | null;
  };
  trips: Trip[];
};

const TRIP_COUNT = 500;

let t: TestApp;
let uploads: string;
let owner: { client: TestClient; userId: string; email: string };

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), "boundless-export-"));
  const storage = createLocalStorage({ root: uploads, secret: TEST_SECRET });
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", EXPORT_RATE_LIMIT: "1000" }, { storage });
  owner = await signUpUser(t, { name: "Ada Traveller" });
  const put = await owner.client.put("/api/profile", {
    fullName: "Ada Lovelace",
    bio: "Slow travel, fast trains.",
    preferredTravelStyle: "budget",
    interests: ["History", "Food & Dining"],
    preferredDestinations: "Lisbon, Kyoto",
    temperatureUnit: "C",
    homeCity: "Boston",
  });
  expect(put.status).toBe(200);
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
  expect((await owner.client.request("POST", "/api/profile/avatar", { body: form })).status).toBe(
    200,
  );
  // 500 trips of 3 to 10 days, in a few multi-row inserts (creation has its own tests).
  const rows = Array.from({ length: TRIP_COUNT }, (_, i) => {
    const days = 3 + (i % 8);
    const start = `2027-${String(1 + (i % 12)).padStart(2, "0")}-01`;
    const end = `2027-${String(1 + (i % 12)).padStart(2, "0")}-${String(days).padStart(2, "0")}`;
    return {
      userId: owner.userId,
      name: `City ${i}`,
      destination: `City ${i}`,
      startDate: start,
      endDate: end,
      budget: 100 + i,
      travelStyle: "comfort",
      interests: ["History"],
      itinerary: buildItinerary(start, days),
      stops: requestStops({ destination: `City ${i}`, startDate: start, endDate: end }),
      isPublic: i % 50 === 0,
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await t.deps.database.db.insert(trips).values(rows.slice(i, i + 100));
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

async function readAll(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks++;
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), chunks };
}

describe("GET /api/account/export", () => {
  it("is one dated JSON download with the account, the profile, the avatar and every trip", async () => {
    const res = await owner.client.get("/api/account/export");
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="boundless-export-${today}.json"`,
    );
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");

    const { text } = await readAll(res);
    const data = JSON.parse(text) as ExportFile;
    expect(data.version).toBe(ACCOUNT_EXPORT_VERSION);
    expect(data.exportedAt.slice(0, 10)).toBe(today);
    const { createdAt, ...accountFields } = data.account;
    expect(accountFields).toEqual({
      email: owner.email,
      name: "Ada Traveller",
      signInMethods: ["credential"],
    });
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const { avatar, ...profileFields } = data.profile;
    expect(profileFields).toEqual({
      fullName: "Ada Lovelace",
      bio: "Slow travel, fast trains.",
      preferredTravelStyle: "budget",
      interests: ["History", "Food & Dining"],
      preferredDestinations: ["Lisbon", "Kyoto"],
      temperatureUnit: "C",
      homeCity: "Boston",
    });
    expect(avatar).toMatch(/^data:image\/webp;base64,/);
    // The avatar is the stored file itself, byte for byte.
    const [key] = await t.deps.storage.list(`avatars/${owner.userId}/`);
    const stored = await t.deps.storage.read(key!);
    expect(Buffer.from(avatar!.split(",")[1]!, "base64")).toEqual(Buffer.from(stored!.body));

    expect(data.trips).toHaveLength(TRIP_COUNT);
    expect(new Set(data.trips.map((trip) => trip.id)).size).toBe(TRIP_COUNT);
    // Every trip whole, exactly as its owner reads it through the API (less today's exchange
    // rates, which are the day's, not the trip's, and the spending worked out from the trip's own
    // prices at those rates).
    for (const trip of [data.trips[0]!, data.trips[123]!, data.trips.at(-1)!]) {
      const single = await owner.client.get(`/api/trips/${trip.id}`);
      const {
        rates: _rates,
        spending: _spending,
        ...read
      } = ((await single.json()) as { trip: Trip }).trip;
      expect(read).toEqual(trip);
    }
    expect(data.trips.filter((trip) => trip.isPublic)).toHaveLength(TRIP_COUNT / 50);
    expect(text).not.toContain(owner.userId);
    expect(text).not.toMatch(/password|token/i);
  });

  it("streams: pages are read from the database as the download asks for them", async () => {
    const res = await owner.client.get("/api/account/export");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (let i = 0; i < 2; i++) text += decoder.decode((await reader.read()).value);
    // Only the head and the first page have been produced; a trip added now sorts last, so it can
    // only appear if the rest is read after this point rather than buffered up front.
    expect(text).toContain('"trips": [');
    // A page of 50 trips is about 200 KB (each with its itinerary, role and owner); all 500 are ten times that.
    expect(text.length).toBeLessThan(400_000);
    const late = await insertTrip(t.deps.database.db, owner.userId, { destination: "Late Trip" });
    let chunks = 2;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const data = JSON.parse(text) as ExportFile;
    expect(data.trips.at(-1)?.id).toBe(late.id);
    expect(data.trips).toHaveLength(TRIP_COUNT + 1);
    // The head, one chunk per page, and the closing bracket.
    expect(chunks).toBeGreaterThanOrEqual(Math.ceil((TRIP_COUNT + 1) / EXPORT_PAGE_SIZE) + 1);
    await t.deps.database.db.delete(trips).where(eq(trips.id, late.id));
  });

  it("is the owner's alone: a stranger's export holds none of it; signed out is 401", async () => {
    const stranger = await signUpUser(t);
    const res = await stranger.client.get("/api/account/export");
    const data = JSON.parse((await readAll(res)).text) as ExportFile;
    expect(data.account.email).toBe(stranger.email);
    expect(data.trips).toEqual([]);
    expect(data.profile.avatar).toBeNull();

    const anonymous = await createClient(t).get("/api/account/export");
    expect(anonymous.status).toBe(401);
  });

  it("is refused when another site asks for it", async () => {
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of foreign) {
      const res = await t.app.request("/api/account/export", { headers: { cookie, ...headers } });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    const ours = await t.app.request("/api/account/export", {
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(ours.status).toBe(200);
    await ours.body?.cancel();
  });
});

describe("export rate limit", () => {
  it("answers 429 with Retry-After past EXPORT_RATE_LIMIT per hour, per user", async () => {
    const app = await createTestApp({ EXPORT_RATE_LIMIT: "2" });
    try {
      const user = await signUpUser(app);
      for (let i = 0; i < 2; i++) {
        const res = await user.client.get("/api/account/export");
        expect(res.status).toBe(200);
        JSON.parse((await readAll(res)).text);
      }
      const refused = await user.client.get("/api/account/export");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
      expect(await refused.json()).toEqual({
        error: {
          code: "rate_limited",
          message: "You can download your data 2 times per hour. Please try again later.",
        },
      });
      const other = await signUpUser(app);
      expect((await other.client.get("/api/account/export")).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("export page query", () => {
  it("reads trips_user_created_idx in order, with no sort, on every page", async () => {
    const { userId } = await signUpUser(t);
    // Enough rows that a sort of every trip would cost more than an ordered index scan.
    await t.deps.database.db.execute(sql`
      insert into trips (user_id, name, destination, start_date, end_date, budget, travel_style, itinerary, created_at, stops)
      select ${userId}, 'Town ' || g, 'Town ' || g, '2027-01-01', '2027-01-01', 100, 'comfort',
        '{"days":[{"date":"2027-01-01","activities":[]}]}'::jsonb, now() - g * interval '1 minute',
        jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'destination', 'Town ' || g, 'startDate', '2027-01-01', 'endDate', '2027-01-01', 'place', null))
      from generate_series(1, 3000) g`);
    await t.deps.database.db.execute(sql`analyze trips`);
    const plan = async (after: { key: string; id: string } | null) => {
      const built = exportTripPage(t.deps, userId, after);
      const result = await t.deps.database.db.execute(sql`explain ${built.getSQL()}`);
      return result.rows.map((row) => String(Object.values(row)[0])).join("\n");
    };
    const first = await plan(null);
    expect(first).toMatch(/Index Scan Backward using trips_user_created_idx/);
    expect(first).not.toMatch(/Sort/);
    const [last] = (await exportTripPage(t.deps, userId, null)).slice(-1);
    const next = await plan({ key: last!.createdKey, id: last!.row.id });
    expect(next).not.toMatch(/Sort/);
    expect(next).toMatch(/Index Cond: .*ROW\(/);
  });
});
