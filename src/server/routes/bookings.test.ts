import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips, tripMembers } from "#server/db/schema.ts";
import { IMPORT_MESSAGES } from "#shared/messages.ts";
import {
  BOOKING_MESSAGES,
  newTripBookingImportSchema,
  tripBookingImportSchema,
} from "#shared/schemas/bookings.ts";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import {
  buildMail,
  buildPdf,
  buildPkpass,
  buildZipBomb,
  CALENDAR_ICS,
  FLIGHT_JSON_LD,
  HOTEL_JSON_LD,
  htmlWithJsonLd,
  LYON_TRAIN_JSON_LD,
} from "#tests/support/booking-fixtures.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpVerifiedUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { LYON } from "#tests/support/trip-places.ts";

// Bookings in (issue 35) through real HTTP on a real database: a proposal, nothing saved, the
// access rules, no doubles, the limits, a PDF through the model fake, a new trip's frame.

let t: TestApp;
let modelApp: TestApp;
let ai: OpenAIFake;
let owner: { client: TestClient; userId: string };

beforeAll(async () => {
  ai = await startOpenAIFake();
  [t, modelApp] = await Promise.all([
    createTestApp({ AUTH_RATE_LIMIT: "1000", IMPORT_RATE_LIMIT: "1000" }),
    createTestApp({
      AUTH_RATE_LIMIT: "1000",
      IMPORT_RATE_LIMIT: "1000",
      AI_BASE_URL: ai.url,
      AI_API_KEY: "sk-test",
      AI_MODEL: "fake-model",
      AI_TIMEOUT_MS: "5000",
    }),
  ]);
  owner = await signUpVerifiedUser(t, { name: "Ada" });
}, 120_000);

afterAll(async () => {
  await Promise.all([t.close(), modelApp.close(), ai.close()]);
});

const mailOf = (...blocks: unknown[]) =>
  buildMail([
    { type: "text/plain", body: "Your booking is confirmed.", encoding: "7bit" },
    { type: "text/html", body: htmlWithJsonLd(...blocks), encoding: "base64" },
  ]);

function upload(
  client: TestClient,
  url: string,
  files: { name: string; body: string | Uint8Array; type?: string }[],
) {
  const form = new FormData();
  for (const f of files)
    form.append(
      "file",
      new File([typeof f.body === "string" ? f.body : new Uint8Array(f.body)], f.name, {
        type: f.type ?? "application/octet-stream",
      }),
    );
  return client.request("POST", url, { body: form });
}

async function lyonTrip(
  app: TestApp,
  userId: string,
  extra: Parameters<typeof insertTrip>[2] = {},
) {
  return insertTrip(app.deps.database.db, userId, {
    destination: "Lyon, France",
    startDate: "2026-12-28",
    days: 5,
    place: LYON,
    ...extra,
  });
}

async function rowOf(app: TestApp, id: string) {
  const [row] = await app.deps.database.db.select().from(trips).where(eq(trips.id, id));
  return row;
}

type ErrorBody = { error: { code: string; message: string; issues?: { path: string }[] } };

describe("POST /api/trips/:id/bookings/import", () => {
  it("proposes what an e-mail and a calendar file hold, in the stop's zone, and saves nothing", async () => {
    const trip = await lyonTrip(t, owner.userId);
    const before = await rowOf(t, trip.id);
    const res = await upload(owner.client, `/api/trips/${trip.id}/bookings/import`, [
      {
        name: "train.eml",
        body: mailOf(LYON_TRAIN_JSON_LD, HOTEL_JSON_LD),
        type: "message/rfc822",
      },
      { name: "plans.ics", body: CALENDAR_ICS, type: "text/calendar" },
    ]);
    expect(res.status).toBe(200);
    const body = tripBookingImportSchema.parse(await res.json());
    expect(body.source).toBe("schema.org");
    // The train is both in the mail and in the calendar: proposed once.
    expect(body.proposal.transport).toHaveLength(1);
    expect(body.proposal.transport[0]).toMatchObject({
      mode: "train",
      departAt: "2027-01-01T17:04",
      departZone: "Europe/Paris",
      arriveAt: "2027-01-01T19:01",
      reference: "QXR7TT",
      existing: false,
    });
    expect(body.proposal.stays).toEqual([
      expect.objectContaining({
        name: "Hôtel des Célestins",
        checkIn: "2026-12-28",
        checkOut: "2027-01-01",
      }),
    ]);
    expect(body.proposal.activities.map((a) => [a.date, a.time, a.activity])).toEqual([
      ["2026-12-29", "10:00", "Musée des Confluences guided tour"],
      ["2026-12-30", "19:00", "Dinner at Les Halles"],
    ]);
    expect(await rowOf(t, trip.id)).toEqual(before);
    // Nothing kept on disk either.
    expect(readdirSync(t.env.DATA_DIR)).toEqual([]);
  });

  it("marks a booking the trip already holds instead of proposing it twice", async () => {
    const heldId = "7d3c2a1b-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const trip = await lyonTrip(t, owner.userId, {
      transport: [
        {
          id: heldId,
          mode: "train",
          from: "Lyon Part-Dieu",
          to: "Paris Gare de Lyon",
          departAt: "2027-01-01T17:04",
          arriveAt: "2027-01-01T19:01",
          departZone: "Europe/Paris",
          arriveZone: "Europe/Paris",
          carrier: "SNCF",
          number: "6614",
          reference: "QXR7TT",
          notes: null,
        },
      ],
    });
    const res = await upload(owner.client, `/api/trips/${trip.id}/bookings/import`, [
      { name: "train.eml", body: mailOf(LYON_TRAIN_JSON_LD, LYON_TRAIN_JSON_LD) },
    ]);
    const body = tripBookingImportSchema.parse(await res.json());
    expect(body.proposal.transport).toEqual([
      expect.objectContaining({ reference: "QXR7TT", existing: true, duplicateOf: heldId }),
    ]);
  });

  it("reads a boarding pass", async () => {
    const trip = await lyonTrip(t, owner.userId);
    const res = await upload(owner.client, `/api/trips/${trip.id}/bookings/import`, [
      { name: "AF1234.pkpass", body: buildPkpass(), type: "application/vnd.apple.pkpass" },
    ]);
    const body = tripBookingImportSchema.parse(await res.json());
    expect(body.source).toBe("pkpass");
    expect(body.proposal.transport[0]).toMatchObject({
      mode: "flight",
      number: "AF1234",
      arriveZone: "Europe/Paris",
    });
  });

  it("answers 401 signed out, 404 to a stranger, 403 to a viewer", async () => {
    const trip = await lyonTrip(t, owner.userId);
    const files = [{ name: "plans.ics", body: CALENDAR_ICS }];
    const url = `/api/trips/${trip.id}/bookings/import`;
    expect((await upload(createClient(t), url, files)).status).toBe(401);
    const stranger = await signUpVerifiedUser(t);
    const strangerRes = await upload(stranger.client, url, files);
    expect(strangerRes.status).toBe(404);
    expect(((await strangerRes.json()) as ErrorBody).error.message).toBe("Trip not found");
    const viewer = await signUpVerifiedUser(t);
    await t.deps.database.db
      .insert(tripMembers)
      .values({ tripId: trip.id, userId: viewer.userId, role: "viewer" });
    expect((await upload(viewer.client, url, files)).status).toBe(403);
  });

  it("413 for a 6 MB file, naming it", async () => {
    const trip = await lyonTrip(t, owner.userId);
    const res = await upload(owner.client, `/api/trips/${trip.id}/bookings/import`, [
      { name: "scan.pdf", body: new Uint8Array(6 * 1024 * 1024), type: "application/pdf" },
    ]);
    expect(res.status).toBe(413);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.message).toBe(BOOKING_MESSAGES.fileTooLarge("scan.pdf"));
    expect(body.error.issues?.[0]?.path).toBe("scan.pdf");
  });

  it("413 for a request past 20 MB, before any file is read", async () => {
    const trip = await lyonTrip(t, owner.userId);
    const part = new Uint8Array(4.5 * 1024 * 1024);
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `scan-${i}.pdf`, body: part }));
    const res = await upload(owner.client, `/api/trips/${trip.id}/bookings/import`, files);
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.message).toBe(BOOKING_MESSAGES.tooLarge);
  });

  it("422 for a zip bomb and for junk, naming the file", async () => {
    const trip = await lyonTrip(t, owner.userId);
    const url = `/api/trips/${trip.id}/bookings/import`;
    const bomb = await upload(owner.client, url, [{ name: "bomb.pkpass", body: buildZipBomb() }]);
    expect(bomb.status).toBe(422);
    expect(((await bomb.json()) as ErrorBody).error.message).toBe(
      BOOKING_MESSAGES.expandsTooFar("bomb.pkpass"),
    );
    const junkBytes = new Uint8Array(2048).map((_, i) => (i * 7919 + 13) % 256);
    const junk = await upload(owner.client, url, [{ name: "junk.bin", body: junkBytes }]);
    expect(junk.status).toBe(422);
    expect(((await junk.json()) as ErrorBody).error.message).toBe(
      BOOKING_MESSAGES.unknownFormat("junk.bin"),
    );
  });

  it("pasted text and PDFs without a model: 422 with the message saying why", async () => {
    const trip = await lyonTrip(t, owner.userId);
    const url = `/api/trips/${trip.id}/bookings/import`;
    const pasted = await owner.client.post(url, { text: "Train Lyon to Paris, 1 Jan 17:04" });
    expect(pasted.status).toBe(422);
    expect(((await pasted.json()) as ErrorBody).error.message).toBe(
      "We could not find a booking in this file. PDFs and plain text need an AI provider; confirmation e-mails and calendar files do not.",
    );
    const pdf = await upload(owner.client, url, [
      { name: "ticket.pdf", body: buildPdf(["Train"]) },
    ]);
    expect(pdf.status).toBe(422);
    expect(((await pdf.json()) as ErrorBody).error.message).toBe(BOOKING_MESSAGES.noBooking);
  });

  it("reads a PDF through the model", async () => {
    const user = await signUpVerifiedUser(modelApp);
    const trip = await lyonTrip(modelApp, user.userId);
    ai.reset();
    ai.enqueue({
      kind: "content",
      content: JSON.stringify({
        transport: [],
        stays: [
          {
            name: "Hôtel des Célestins",
            address: "4 Rue des Archers, Lyon",
            checkIn: "2026-12-28",
            checkOut: "2027-01-01",
            reference: "H-55821",
          },
        ],
        activities: [
          {
            name: "Opera: La Traviata",
            startTime: "2026-12-30T20:00",
            location: "Opéra de Lyon",
            reference: null,
          },
        ],
      }),
    });
    const res = await upload(user.client, `/api/trips/${trip.id}/bookings/import`, [
      {
        name: "hotel.pdf",
        body: buildPdf(["Hotel des Celestins", "28 Dec - 1 Jan", "Ref H-55821"]),
      },
    ]);
    expect(res.status).toBe(200);
    const body = tripBookingImportSchema.parse(await res.json());
    expect(body.source).toBe("model");
    expect(body.proposal.stays[0]).toMatchObject({ reference: "H-55821", checkOut: "2027-01-01" });
    expect(body.proposal.activities[0]).toMatchObject({ date: "2026-12-30", time: "20:00" });
    expect(ai.requests.at(-1)?.body.messages[1]?.content).toContain("Ref H-55821");
  });

  it("counts imports per user per hour (IMPORT_RATE_LIMIT)", async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: "1000", IMPORT_RATE_LIMIT: "2" });
    try {
      const user = await signUpVerifiedUser(limited);
      const trip = await lyonTrip(limited, user.userId);
      const send = () =>
        upload(user.client, `/api/trips/${trip.id}/bookings/import`, [
          { name: "plans.ics", body: CALENDAR_ICS },
        ]);
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(((await third.json()) as ErrorBody).error.message).toBe(IMPORT_MESSAGES.rateLimited);
    } finally {
      await limited.close();
    }
  });
});

describe("POST /api/bookings/import", () => {
  it("frames a new trip from bookings alone, saving nothing", async () => {
    const user = await signUpVerifiedUser(t);
    const before = await t.deps.database.db
      .select()
      .from(trips)
      .where(eq(trips.userId, user.userId));
    const res = await upload(user.client, "/api/bookings/import", [
      { name: "flight.eml", body: mailOf([FLIGHT_JSON_LD, HOTEL_JSON_LD]) },
      { name: "train.eml", body: mailOf(LYON_TRAIN_JSON_LD) },
    ]);
    expect(res.status).toBe(200);
    const body = newTripBookingImportSchema.parse(await res.json());
    expect(body.proposal).toMatchObject({
      destination: "Lyon → Paris",
      startDate: "2026-12-28",
      // The train reaches Paris at 19:01 on 1 January: a night there, so the trip ends on the 2nd.
      endDate: "2027-01-02",
      stops: [
        { destination: "Lyon", nights: 4 },
        { destination: "Paris", nights: 1 },
      ],
    });
    // The frame is a plan request POST /api/trips accepts as it is.
    expect(tripRequestSchema.safeParse({ ...body.proposal, budget: 1000 }).error).toBeUndefined();
    expect(body.proposal.transport).toHaveLength(2);
    expect(body.proposal.stays).toHaveLength(1);
    expect(
      await t.deps.database.db.select().from(trips).where(eq(trips.userId, user.userId)),
    ).toEqual(before);
  });

  it("401 signed out; 422 for an empty request", async () => {
    const res = await upload(createClient(t), "/api/bookings/import", [
      { name: "plans.ics", body: CALENDAR_ICS },
    ]);
    expect(res.status).toBe(401);
    const user = await signUpVerifiedUser(t);
    const empty = await user.client.request("POST", "/api/bookings/import", {
      body: new FormData(),
    });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as ErrorBody).error.message).toBe(BOOKING_MESSAGES.noFile);
  });
});
