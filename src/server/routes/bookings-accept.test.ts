import { afterAll, beforeAll, expect, it } from "vitest";
import type { ProposedStay, ProposedTransport } from "#shared/schemas/bookings.ts";
import { tripBookingImportSchema } from "#shared/schemas/bookings.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import {
  buildMail,
  HOTEL_JSON_LD,
  htmlWithJsonLd,
  LYON_TRAIN_JSON_LD,
} from "#tests/support/booking-fixtures.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpVerifiedUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { LYON } from "#tests/support/trip-places.ts";

// A proposal is accepted through the trip's own versioned PATCH (transport and stays): saved once,
// in the history, and the next import of the same mail marks both as already there.

let t: TestApp;
let owner: { client: TestClient; userId: string };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", IMPORT_RATE_LIMIT: "1000" });
  owner = await signUpVerifiedUser(t, { name: "Ada" });
}, 120_000);
afterAll(() => t.close());

const mail = buildMail([
  { type: "text/html", body: htmlWithJsonLd(LYON_TRAIN_JSON_LD, HOTEL_JSON_LD) },
]);

async function importMail(tripId: string) {
  const form = new FormData();
  form.append("file", new File([mail], "booking.eml", { type: "message/rfc822" }));
  const res = await owner.client.request("POST", `/api/trips/${tripId}/bookings/import`, {
    body: form,
  });
  expect(res.status).toBe(200);
  return tripBookingImportSchema.parse(await res.json()).proposal;
}

/** What PATCH takes of a proposed journey or stay: the proposal's marks stay behind. */
const journeyInput = ({ existing: _e, duplicateOf: _d, ...journey }: ProposedTransport) => journey;
const stayInput = ({ existing: _e, duplicateOf: _d, ...stay }: ProposedStay) => stay;

it("accepts a proposal through PATCH; a second import marks it as already on the trip", async () => {
  const trip = await insertTrip(t.deps.database.db, owner.userId, {
    destination: "Lyon, France",
    startDate: "2026-12-28",
    days: 5,
    place: LYON,
  });
  const proposal = await importMail(trip.id);
  expect(proposal.transport).toHaveLength(1);
  expect(proposal.stays).toHaveLength(1);

  const res = await owner.client.patch(`/api/trips/${trip.id}`, {
    version: trip.version,
    transport: proposal.transport.map(journeyInput),
    stays: proposal.stays.map(stayInput),
  });
  expect(res.status).toBe(200);
  const saved = tripResponseSchema.parse(await res.json()).trip;
  expect(saved.version).toBe(trip.version + 1);
  expect(saved.transport).toEqual([
    expect.objectContaining({
      departAt: "2027-01-01T17:04",
      departZone: "Europe/Paris",
      reference: "QXR7TT",
    }),
  ]);
  expect(saved.stays).toEqual([
    expect.objectContaining({ name: "Hôtel des Célestins", checkIn: "2026-12-28", stopIndex: 0 }),
  ]);

  const history = await owner.client.get(`/api/trips/${trip.id}/history`);
  expect(history.status).toBe(200);
  const { changes } = historyResponseSchema.parse(await history.json());
  expect(changes.map((c) => c.version)).toContain(saved.version);

  const again = await importMail(trip.id);
  expect(again.transport).toEqual([
    expect.objectContaining({ existing: true, duplicateOf: saved.transport[0]?.id }),
  ]);
  expect(again.stays).toEqual([
    expect.objectContaining({ existing: true, duplicateOf: saved.stays[0]?.id }),
  ]);
});
