import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  tripExpenses,
  tripInvites,
  tripMembers,
  tripVersions,
  type TripRow,
} from "#server/db/schema.ts";
import { snapshotOf } from "#server/history/trip-versions.ts";
import { CALENDAR_ICS } from "#tests/support/booking-fixtures.ts";
import { insertTrip } from "#tests/support/factories.ts";
import {
  createClient,
  signUpUser,
  signUpVerifiedUser,
  type TestClient,
} from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The access matrix of issue 33: every route of a trip × owner, editor, viewer, stranger, signed
// out. A non-member gets 404 'Trip not found' as a stranger always did; a member whose role is too
// low gets 403 `forbidden`; and neither changes anything.

type Actor = "owner" | "editor" | "viewer" | "stranger" | "signedOut";
type Need = "view" | "edit" | "own";
type Fixture = { trip: TripRow; inviteId: string; companionId: string; expenseId: string };
type Route = {
  name: string;
  need: Need;
  ok: number;
  /** Answers that differ from what the need implies (the owner cannot leave: 422). */
  except?: Partial<Record<Actor, number>>;
  /** `me`: the sender's user id (the companion's for the signed-out sender). */
  send: (client: TestClient, f: Fixture, me: string) => Promise<Response>;
};

/** A stream answers with its headers and stays open: its body is let go once the status is read. */
async function statusOnly(response: Promise<Response>) {
  const res = await response;
  if (res.status === 200) await res.body?.cancel();
  return res;
}

const ROUTES: Route[] = [
  { name: "GET trip", need: "view", ok: 200, send: (c, f) => c.get(`/api/trips/${f.trip.id}`) },
  {
    name: "GET members",
    need: "view",
    ok: 200,
    send: (c, f) => c.get(`/api/trips/${f.trip.id}/members`),
  },
  {
    name: "GET calendar",
    need: "view",
    ok: 200,
    send: (c, f) => c.get(`/api/trips/${f.trip.id}/calendar.ics`),
  },
  {
    name: "GET forecast",
    need: "view",
    ok: 200,
    send: (c, f) => c.get(`/api/trips/${f.trip.id}/forecast`),
  },
  {
    name: "GET history",
    need: "view",
    ok: 200,
    send: (c, f) => c.get(`/api/trips/${f.trip.id}/history`),
  },
  {
    name: "GET events",
    need: "view",
    ok: 200,
    send: (c, f) => statusOnly(c.get(`/api/trips/${f.trip.id}/events`)),
  },
  {
    name: "DELETE own membership (leave)",
    need: "view",
    ok: 204,
    except: { owner: 422 },
    send: (c, f, me) => c.delete(`/api/trips/${f.trip.id}/members/${me}`),
  },
  {
    name: "POST duplicate",
    need: "view",
    ok: 201,
    send: (c, f) => c.post(`/api/trips/${f.trip.id}/duplicate`, { startDate: "2027-06-01" }),
  },
  {
    name: "GET expenses",
    need: "view",
    ok: 200,
    send: (c, f) => c.get(`/api/trips/${f.trip.id}/expenses`),
  },
  {
    name: "GET balances",
    need: "view",
    ok: 200,
    send: (c, f) => c.get(`/api/trips/${f.trip.id}/balances`),
  },
  {
    name: "GET expenses.csv",
    need: "view",
    ok: 200,
    send: (c, f) => c.get(`/api/trips/${f.trip.id}/expenses.csv`),
  },
  {
    name: "POST expense",
    need: "edit",
    ok: 201,
    send: (c, f, me) =>
      c.post(`/api/trips/${f.trip.id}/expenses`, {
        amount: 12.5,
        currency: "USD",
        date: f.trip.startDate,
        category: "food",
        description: "Coffee",
        paidBy: me,
        split: { kind: "equal", among: [me] },
      }),
  },
  {
    name: "PATCH expense",
    need: "edit",
    ok: 200,
    send: (c, f) =>
      c.patch(`/api/trips/${f.trip.id}/expenses/${f.expenseId}`, {
        version: 1,
        description: "Lunch",
      }),
  },
  {
    name: "DELETE expense",
    need: "edit",
    ok: 204,
    send: (c, f) => c.delete(`/api/trips/${f.trip.id}/expenses/${f.expenseId}?version=1`),
  },
  {
    name: "PATCH trip",
    need: "edit",
    ok: 200,
    send: (c, f) => c.patch(`/api/trips/${f.trip.id}`, { version: 1, name: "Renamed" }),
  },
  {
    name: "POST bookings import",
    need: "edit",
    ok: 200,
    send: (c, f) => {
      const form = new FormData();
      form.append("file", new File([CALENDAR_ICS], "trip.ics", { type: "text/calendar" }));
      return c.request("POST", `/api/trips/${f.trip.id}/bookings/import`, { body: form });
    },
  },
  {
    name: "POST restore",
    need: "edit",
    ok: 200,
    send: (c, f) => c.post(`/api/trips/${f.trip.id}/restore`, { version: 1 }),
  },
  {
    name: "POST regenerate a day",
    need: "edit",
    ok: 200,
    send: (c, f) => c.post(`/api/trips/${f.trip.id}/days/${f.trip.startDate}/regenerate`, {}),
  },
  {
    name: "POST order a day",
    need: "edit",
    ok: 200,
    send: (c, f) => c.post(`/api/trips/${f.trip.id}/days/${f.trip.startDate}/order`),
  },
  {
    name: "GET place search",
    need: "edit",
    ok: 200,
    send: (c, f) => c.get(`/api/places/search?tripId=${f.trip.id}&q=museum`),
  },
  {
    name: "POST share",
    need: "own",
    ok: 200,
    send: (c, f) => c.post(`/api/trips/${f.trip.id}/share`),
  },
  {
    name: "DELETE share",
    need: "own",
    ok: 200,
    send: (c, f) => c.delete(`/api/trips/${f.trip.id}/share`),
  },
  {
    name: "POST invites",
    need: "own",
    ok: 201,
    send: (c, f) =>
      c.post(`/api/trips/${f.trip.id}/invites`, { email: "new@example.com", role: "viewer" }),
  },
  {
    name: "DELETE invite",
    need: "own",
    ok: 204,
    send: (c, f) => c.delete(`/api/trips/${f.trip.id}/invites/${f.inviteId}`),
  },
  {
    name: "PATCH member",
    need: "own",
    ok: 200,
    send: (c, f) => c.patch(`/api/trips/${f.trip.id}/members/${f.companionId}`, { role: "editor" }),
  },
  {
    name: "DELETE another member",
    need: "own",
    ok: 204,
    send: (c, f) => c.delete(`/api/trips/${f.trip.id}/members/${f.companionId}`),
  },
  {
    name: "DELETE trip",
    need: "own",
    ok: 204,
    send: (c, f) => c.delete(`/api/trips/${f.trip.id}`),
  },
];

const RANK = { viewer: 0, editor: 1, owner: 2 } as const;
const NEED_RANK = { view: 0, edit: 1, own: 2 } as const;

function expectedStatus(actor: Actor, route: Route): number {
  if (actor === "signedOut") return 401;
  if (actor === "stranger") return 404;
  const special = route.except?.[actor];
  if (special !== undefined) return special;
  return RANK[actor] >= NEED_RANK[route.need] ? route.ok : 403;
}

let t: TestApp;
const clients = {} as Record<Actor, TestClient>;
const ids = {} as Record<Exclude<Actor, "signedOut">, string> & { companion: string };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", GENERATION_RATE_LIMIT: "1000" });
  for (const actor of ["owner", "editor", "viewer", "stranger"] as const) {
    const signedUp = await signUpVerifiedUser(t, { name: `The ${actor}` });
    clients[actor] = signedUp.client;
    ids[actor] = signedUp.userId;
  }
  ids.companion = (await signUpUser(t, { name: "A companion" })).userId;
  clients.signedOut = createClient(t);
}, 120_000);

afterAll(() => t.close());

/**
 * A fresh trip of the owner's (version 1 in its history), with an editor, a viewer, a second viewer
 * and an open invitation.
 */
async function fixture(): Promise<Fixture> {
  const { db } = t.deps.database;
  const trip = await insertTrip(db, ids.owner, { destination: "Porto", isPublic: true });
  await db.insert(tripMembers).values([
    { tripId: trip.id, userId: ids.editor, role: "editor" },
    { tripId: trip.id, userId: ids.viewer, role: "viewer" },
    { tripId: trip.id, userId: ids.companion, role: "viewer" },
  ]);
  // Version 1 in the history, as a trip created through the API has it (restore brings it back).
  await db.insert(tripVersions).values({
    tripId: trip.id,
    version: 1,
    byUserId: ids.owner,
    summary: "Created the trip",
    snapshot: snapshotOf(trip),
  });
  const [invite] = await db
    .insert(tripInvites)
    .values({
      tripId: trip.id,
      email: "pending@example.com",
      role: "viewer",
      tokenHash: `hash-${trip.id}`,
      inviterId: ids.owner,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [expense] = await db
    .insert(tripExpenses)
    .values({
      tripId: trip.id,
      amountMinor: 8400,
      currency: "USD",
      date: trip.startDate,
      category: "food",
      description: "Dinner",
      paidBy: ids.owner,
      split: { kind: "equal", among: [ids.owner, ids.editor] },
      amountUsdCents: 8400,
      rate: 1,
      rateDate: trip.startDate,
      createdBy: ids.owner,
    })
    .returning();
  return { trip, inviteId: invite!.id, companionId: ids.companion, expenseId: expense!.id };
}

/** Everything a route of the trip could change: the trip, its people, its invitations, copies. */
async function stateOf(tripId: string) {
  const { rows } = await t.deps.database.db.execute(sql`
    select
      (select row_to_json(x) from (select name, version, is_public, share_token, itinerary
        from trips where id = ${tripId}) x) as trip,
      (select json_agg(m order by m.user_id) from (select user_id, role from trip_members
        where trip_id = ${tripId}) m) as members,
      (select json_agg(i order by i.id) from (select id, email, revoked_at from trip_invites
        where trip_id = ${tripId}) i) as invites,
      (select count(*) from trip_versions where trip_id = ${tripId})::int as versions,
      (select json_agg(e order by e.id) from (select id, description, version from trip_expenses
        where trip_id = ${tripId}) e) as expenses,
      (select count(*) from trips)::int as trips`);
  return rows[0];
}

const ACTORS: Actor[] = ["owner", "editor", "viewer", "stranger", "signedOut"];
const CASES = ROUTES.flatMap((route) => ACTORS.map((actor) => ({ route, actor })));

describe("the access matrix of a trip's routes", () => {
  it.each(CASES)("$route.name as $actor", async ({ route, actor }) => {
    const f = await fixture();
    const before = await stateOf(f.trip.id);
    const res = await route.send(
      clients[actor],
      f,
      actor === "signedOut" ? f.companionId : ids[actor],
    );
    const status = expectedStatus(actor, route);
    expect(res.status).toBe(status);
    if (status >= 400) {
      const body = (await res.json()) as { error: { code: string; message: string } };
      if (status === 404) expect(body.error.message).toBe("Trip not found");
      if (status === 403) {
        expect(body.error.code).toBe("forbidden");
        expect(body.error.message).toBe(
          actor === "viewer"
            ? "You can view this trip but not change it"
            : "Only the trip's owner can do that",
        );
      }
      expect(await stateOf(f.trip.id)).toEqual(before);
    }
  });

  it("signed out is 401 before a malformed body or query is read", async () => {
    const f = await fixture();
    const anonymous = clients.signedOut;
    for (const res of [
      await anonymous.post(`/api/trips/${f.trip.id}/restore`, { version: "last" }),
      await anonymous.get(`/api/trips/${f.trip.id}/history?before=soon`),
      await anonymous.patch(`/api/trips/${f.trip.id}`, { version: "x" }),
      await anonymous.post(`/api/trips/${f.trip.id}/expenses`, { amount: "lots" }),
      await anonymous.patch(`/api/trips/${f.trip.id}/expenses/${f.expenseId}`, { version: "x" }),
      await anonymous.delete(`/api/trips/${f.trip.id}/expenses/${f.expenseId}?version=x`),
    ])
      expect(res.status).toBe(401);
  });

  it("tells each reader their role and the owner's name, and the public link only to the owner", async () => {
    const f = await fixture();
    for (const actor of ["owner", "editor", "viewer"] as const) {
      const res = await clients[actor].get(`/api/trips/${f.trip.id}`);
      const { trip } = (await res.json()) as {
        trip: { role: string; owner: { name: string }; sharePath: string | null };
      };
      expect(trip.role).toBe(actor);
      expect(trip.owner).toEqual({ name: "The owner" });
      expect(trip.sharePath === null).toBe(actor !== "owner");
    }
  });

  it("an editor's change is saved on the owner's trip and a viewer's copy is their own", async () => {
    const f = await fixture();
    const saved = await clients.editor.patch(`/api/trips/${f.trip.id}`, {
      version: 1,
      name: "Edited together",
    });
    expect(saved.status).toBe(200);
    const { trip } = (await saved.json()) as { trip: { name: string; role: string } };
    expect(trip).toMatchObject({ name: "Edited together", role: "editor" });
    const ownerView = await clients.owner.get(`/api/trips/${f.trip.id}`);
    expect(((await ownerView.json()) as { trip: { name: string } }).trip.name).toBe(
      "Edited together",
    );

    const copy = await clients.viewer.post(`/api/trips/${f.trip.id}/duplicate`, {
      startDate: "2027-07-01",
    });
    const copied = (await copy.json()) as { trip: { id: string; role: string } };
    expect(copied.trip.role).toBe("owner");
    expect((await clients.owner.get(`/api/trips/${copied.trip.id}`)).status).toBe(404);
  });

  it("a member leaves; the owner cannot leave their own trip", async () => {
    const f = await fixture();
    const ended: [string, string][] = [];
    t.deps.onAccessEnded = (tripId, userId) => ended.push([tripId, userId]);
    try {
      expect(
        (await clients.viewer.delete(`/api/trips/${f.trip.id}/members/${ids.viewer}`)).status,
      ).toBe(204);
      expect(ended).toEqual([[f.trip.id, ids.viewer]]);
      expect((await clients.viewer.get(`/api/trips/${f.trip.id}`)).status).toBe(404);
      const owner = await clients.owner.delete(`/api/trips/${f.trip.id}/members/${ids.owner}`);
      expect(owner.status).toBe(422);
      expect((await clients.owner.get(`/api/trips/${f.trip.id}`)).status).toBe(200);
    } finally {
      t.deps.onAccessEnded = () => {};
    }
  });
});
