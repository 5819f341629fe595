import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import { ACCESS_MESSAGES } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// F-15 and F-14 (security review three): a malformed expense id reached a uuid cast (422 instead of
// 404 "Expense not found"); and a former member's expense could not be edited at all ("The payer
// must be a member of the trip" when only the description changed).

let t: TestApp;
let alice: { client: TestClient; userId: string };
let bob: { client: TestClient; userId: string };
let tripId: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  alice = await signUpUser(t, { name: "Alice" });
  bob = await signUpUser(t, { name: "Bob" });
  tripId = (await insertTrip(t.deps.database.db, alice.userId, { days: 2 })).id;
  await t.deps.database.db
    .insert(tripMembers)
    .values({ tripId, userId: bob.userId, role: "editor" });
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };

const MALFORMED = [
  "------------------------------------",
  "00000000-0000-0000-0000-00000000000g",
  "not-an-id",
  "%27%20or%201%3D1",
  "0".repeat(500),
];

describe("malformed ids in paths", () => {
  it("an expense's: 404 'Expense not found' on edit and delete, never a 422 or 500", async () => {
    for (const id of MALFORMED) {
      const edit = await alice.client.patch(`/api/trips/${tripId}/expenses/${id}`, {
        version: 1,
        description: "x",
      });
      expect(edit.status, id).toBe(404);
      expect(((await edit.json()) as ErrorBody).error.message).toBe("Expense not found");
      const removed = await alice.client.delete(`/api/trips/${tripId}/expenses/${id}?version=1`);
      expect(removed.status, id).toBe(404);
      expect(((await removed.json()) as ErrorBody).error.message).toBe("Expense not found");
    }
  });

  it("a trip's, and an invitation's: 404 with their own message", async () => {
    for (const id of MALFORMED) {
      for (const path of [
        `/api/trips/${id}`,
        `/api/trips/${id}/expenses`,
        `/api/trips/${id}/events`,
      ]) {
        const res = await alice.client.get(path);
        expect(res.status, path).toBe(404);
        expect(((await res.json()) as ErrorBody).error.message).toBe(MESSAGES.tripNotFound);
      }
      const invite = await alice.client.delete(`/api/trips/${tripId}/invites/${id}`);
      expect(invite.status, id).toBe(404);
    }
  });
});

// F-15, the rest: every parameter of every route the app has, found from the router itself, so a
// route added later is probed too. Each resource answers with its own message as SPEC words it.
const REFUSALS: Record<string, { status: number; message: string }> = {
  id: { status: 404, message: MESSAGES.tripNotFound },
  expenseId: { status: 404, message: "Expense not found" },
  paymentId: { status: 404, message: "Payment not found" },
  listId: { status: 404, message: "Packing list not found" },
  itemId: { status: 404, message: "Item not found" },
  templateId: { status: 404, message: "Template not found" },
  ideaId: { status: 404, message: "Idea not found" },
  pollId: { status: 404, message: "Poll not found" },
  stayId: { status: 404, message: "Stay not found" },
  inviteId: { status: 404, message: ACCESS_MESSAGES.inviteNotFound },
  userId: { status: 404, message: ACCESS_MESSAGES.memberNotFound },
  date: { status: 404, message: "Day not found" },
  shareToken: { status: 404, message: MESSAGES.tripNotFound },
  clientId: { status: 404, message: "Assistant not found" },
  // An unusable invitation link, whatever the reason, is the one "gone" answer.
  inviteToken: { status: 410, message: ACCESS_MESSAGES.inviteGone },
};

// Malformed for every parameter's shape (uuid, user id, date, share and invitation tokens).
const MALFORMED_FOR_ANY = ["0".repeat(500), "%27%20or%201%3D1--", "a%20b", "%00", "%E2%80%AE", "~"];

function routesWithParameters() {
  const seen = new Set<string>();
  return t.app.routes.filter(({ method, path }) => {
    const key = `${method} ${path}`;
    if (method === "ALL" || !path.includes("/:") || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe("every route with a parameter in its path", () => {
  it("answers a malformed value with that resource's refusal, never a 422 or 500", async () => {
    const routes = routesWithParameters();
    // The trip's own routes, its people, money, days, and the public and invitation links.
    expect(routes.length).toBeGreaterThanOrEqual(40);
    const wellFormed: Record<string, string> = { id: tripId };
    for (const { method, path } of routes) {
      const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? "");
      for (const [position, name] of names.entries()) {
        const refusal = REFUSALS[name];
        expect(refusal, `${path}: a parameter the test does not know`).toBeDefined();
        for (const bad of MALFORMED_FOR_ANY) {
          let url = path;
          for (const [i, other] of names.entries())
            url = url.replace(`:${other}`, i === position ? bad : (wellFormed[other] ?? bad));
          const res = await alice.client.request(method, url, method === "GET" ? {} : { json: {} });
          const label = `${method} ${path} (${name} = ${bad.slice(0, 20)})`;
          expect(res.status, label).toBe(refusal?.status);
          expect(((await res.json()) as ErrorBody).error.message, label).toBe(refusal?.message);
        }
      }
    }
  });

  it("tells a signed-out visitor no more than a well-formed id would: 401 on a member's routes", async () => {
    const visitor = createClient(t);
    for (const path of [
      "/api/trips/not-an-id",
      "/api/trips/not-an-id/members",
      `/api/trips/${tripId}/expenses/not-an-id`,
    ]) {
      expect((await visitor.get(path)).status, path).toBe(401);
    }
    const shared = await visitor.get("/api/shared/%27%20or%201%3D1--");
    expect(shared.status).toBe(404);
    expect(((await shared.json()) as ErrorBody).error.message).toBe(MESSAGES.tripNotFound);
  });
});

describe("a former member's expense", () => {
  it("can have its description corrected; a new payer or split must still be on the trip", async () => {
    const added = await alice.client.post(`/api/trips/${tripId}/expenses`, {
      amount: 84,
      currency: "USD",
      date: "2026-11-20",
      category: "food",
      description: "Dinner",
      paidBy: bob.userId,
      split: { kind: "equal", among: [alice.userId, bob.userId] },
    });
    expect(added.status).toBe(201);
    const { expense } = (await added.json()) as { expense: { id: string; version: number } };
    expect((await alice.client.delete(`/api/trips/${tripId}/members/${bob.userId}`)).status).toBe(
      204,
    );

    const url = `/api/trips/${tripId}/expenses/${expense.id}`;
    const described = await alice.client.patch(url, {
      version: expense.version,
      description: "Dinner at Paul Bocuse",
    });
    expect(described.status).toBe(200);
    const after = (await described.json()) as { expense: { version: number; paidBy: string } };
    expect(after.expense.paidBy).toBe(bob.userId);

    const newPayer = await alice.client.patch(url, {
      version: after.expense.version,
      paidBy: "someone-never-on-the-trip",
    });
    expect(newPayer.status).toBe(422);
    expect(JSON.stringify(await newPayer.json())).toContain(
      "The payer must be a member of the trip",
    );
    const newSplit = await alice.client.patch(url, {
      version: after.expense.version,
      split: { kind: "equal", among: [alice.userId, bob.userId] },
    });
    expect(newSplit.status).toBe(422);
    expect(JSON.stringify(await newSplit.json())).toContain(
      "Everyone sharing must be a member of the trip",
    );
  });
});
