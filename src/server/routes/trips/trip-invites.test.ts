import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripInvites, user as userTable } from "#server/db/schema.ts";
import { firstLink } from "#tests/fakes/smtp-catcher.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import { createTestApp, TEST_ORIGIN } from "#tests/support/test-app.ts";

let t: MailTestApp;
let owner: { client: TestClient; userId: string; email: string };
let counter = 0;

beforeAll(async () => {
  t = await createMailTestApp();
  owner = await signUpUser(t, { name: "Alice" });
}, 60_000);

afterAll(async () => {
  await t.close();
});

const freshEmail = () => `bob${Date.now()}-${++counter}@example.com`;

async function verified(email: string, name = "Bob") {
  const person = await signUpUser(t, { email, name });
  await t.smtp.waitForMessage(email); // the sign-up's verification mail
  await t.deps.database.db
    .update(userTable)
    .set({ emailVerified: true })
    .where(eq(userTable.id, person.userId));
  return person;
}

/** Invites `email` to a new trip of Alice's; returns the trip and the mailed link's token. */
async function invite(email: string, role = "editor", tripId?: string) {
  const id =
    tripId ??
    (
      await insertTrip(t.deps.database.db, owner.userId, {
        destination: "Marseille",
        startDate: "2027-12-28",
        days: 3,
      })
    ).id;
  const res = await owner.client.post(`/api/trips/${id}/invites`, { email, role });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { invite: { id: string; email: string; role: string } };
  const mail = await t.smtp.waitForMessage(email);
  const link = firstLink(mail);
  const token = link.split("/invites/")[1]!;
  return { tripId: id, invite: body.invite, mail, link, token };
}

const accept = (client: TestClient, token: string) => client.post(`/api/invites/${token}/accept`);

async function errorCode(res: Response) {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe("invitations", () => {
  it("mails a link naming the inviter, the trip and its dates; the token is stored hashed", async () => {
    const email = freshEmail();
    const { invite: created, mail, link, token } = await invite(email, "viewer");
    expect(created).toMatchObject({ email, role: "viewer" });
    expect(link).toBe(`${TEST_ORIGIN}/invites/${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(mail.subject).toContain("Alice invites you to Marseille");
    expect(mail.text).toContain("Tue 28 Dec – Thu 30 Dec 2027");
    expect(mail.text).toContain("as viewer");
    const stored = await t.deps.database.db.select().from(tripInvites);
    expect(stored.some((row) => row.tokenHash.includes(token))).toBe(false);

    const shown = await createClient(t).get(`/api/invites/${token}`);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({
      invitation: {
        email,
        role: "viewer",
        inviter: { name: "Alice" },
        trip: { destination: "Marseille", startDate: "2027-12-28", endDate: "2027-12-30" },
      },
    });
  });

  it("works once, for the invited and verified address, and makes them a member", async () => {
    const email = freshEmail();
    const { tripId, token } = await invite(email, "editor");
    expect((await accept(createClient(t), token)).status).toBe(401);

    const other = await verified(freshEmail(), "Mallory");
    const wrong = await accept(other.client, token);
    expect(wrong.status).toBe(403);
    expect(await errorCode(wrong)).toBe("invite_wrong_account");

    const bob = await signUpUser(t, { email, name: "Bob" });
    await t.smtp.waitForMessage(email); // the sign-up's verification mail
    const unverified = await accept(bob.client, token);
    expect(unverified.status).toBe(403);
    expect(await errorCode(unverified)).toBe("email_not_verified");
    expect((await bob.client.get(`/api/trips/${tripId}`)).status).toBe(404);

    await t.deps.database.db
      .update(userTable)
      .set({ emailVerified: true })
      .where(eq(userTable.id, bob.userId));
    const ok = await accept(bob.client, token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ tripId, role: "editor" });
    const trip = await bob.client.get(`/api/trips/${tripId}`);
    expect(((await trip.json()) as { trip: { role: string } }).trip.role).toBe("editor");

    const again = await accept(bob.client, token);
    expect(again.status).toBe(410);
    expect(await errorCode(again)).toBe("invite_gone");
    expect((await createClient(t).get(`/api/invites/${token}`)).status).toBe(410);
  });

  it("an expired, a replaced and a revoked invitation are gone", async () => {
    const email = freshEmail();
    const bob = await verified(email);

    const expired = await invite(email);
    await t.deps.database.db.execute(
      sql`update trip_invites set expires_at = now() - interval '1 second' where id = ${expired.invite.id}`,
    );
    expect(await errorCode(await accept(bob.client, expired.token))).toBe("invite_gone");

    const first = await invite(email, "viewer");
    const second = await invite(email, "editor", first.tripId);
    const replaced = await accept(bob.client, first.token);
    expect(replaced.status).toBe(410);
    const members = await owner.client.get(`/api/trips/${first.tripId}/members`);
    const listed = (await members.json()) as { invites: { id: string; role: string }[] };
    expect(listed.invites).toEqual([
      expect.objectContaining({ id: second.invite.id, role: "editor" }),
    ]);

    const revoke = await owner.client.delete(
      `/api/trips/${first.tripId}/invites/${second.invite.id}`,
    );
    expect(revoke.status).toBe(204);
    const revoked = await accept(bob.client, second.token);
    expect(revoked.status).toBe(410);
    expect(await errorCode(revoked)).toBe("invite_gone");
    expect((await bob.client.get(`/api/trips/${first.tripId}`)).status).toBe(404);
  });

  it("counts invitations per user per hour (INVITE_RATE_LIMIT)", async () => {
    const limited = await createTestApp({ SMTP_URL: t.smtp.url, INVITE_RATE_LIMIT: "2" });
    try {
      const alice = await signUpUser(limited, { name: "Alice" });
      const trip = await insertTrip(limited.deps.database.db, alice.userId);
      const send = () =>
        alice.client.post(`/api/trips/${trip.id}/invites`, { email: freshEmail(), role: "viewer" });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.headers.get("Retry-After")).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe("members", () => {
  it("lists everyone for any member; addresses and invitations only for the owner", async () => {
    const email = freshEmail();
    const bob = await verified(email);
    const { tripId, token } = await invite(email, "viewer");
    await accept(bob.client, token);
    await invite(freshEmail(), "editor", tripId);

    const asOwner = (await (await owner.client.get(`/api/trips/${tripId}/members`)).json()) as {
      members: { userId: string; name: string; role: string; image: string | null }[];
      invites: { email: string }[];
    };
    expect(asOwner.members).toEqual([
      { userId: owner.userId, name: "Alice", image: null, role: "owner" },
      { userId: bob.userId, name: "Bob", image: null, role: "viewer" },
    ]);
    expect(asOwner.invites).toHaveLength(1);
    const asViewer: unknown = await (await bob.client.get(`/api/trips/${tripId}/members`)).json();
    expect(asViewer).toEqual({ members: asOwner.members, invites: [] });
    expect(JSON.stringify(asViewer)).not.toContain("@");
  });

  it("changes a role, and removal ends access at once", async () => {
    const email = freshEmail();
    const bob = await verified(email);
    const { tripId, token } = await invite(email, "viewer");
    await accept(bob.client, token);
    const denied = await bob.client.patch(`/api/trips/${tripId}`, { version: 1, name: "Mine" });
    expect(denied.status).toBe(403);

    const promoted = await owner.client.patch(`/api/trips/${tripId}/members/${bob.userId}`, {
      role: "editor",
    });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toEqual({
      member: { userId: bob.userId, name: "Bob", image: null, role: "editor" },
    });
    expect(
      (await bob.client.patch(`/api/trips/${tripId}`, { version: 1, name: "Ours" })).status,
    ).toBe(200);

    const ended: [string, string][] = [];
    t.deps.onAccessEnded = (trip, userId) => ended.push([trip, userId]);
    try {
      const removed = await owner.client.delete(`/api/trips/${tripId}/members/${bob.userId}`);
      expect(removed.status).toBe(204);
      expect(ended).toEqual([[tripId, bob.userId]]);
      expect((await bob.client.get(`/api/trips/${tripId}`)).status).toBe(404);
      expect(
        (await bob.client.patch(`/api/trips/${tripId}`, { version: 2, name: "X" })).status,
      ).toBe(404);
    } finally {
      t.deps.onAccessEnded = () => {};
    }
  });

  it("deleting the trip ends everyone's access at once", async () => {
    const email = freshEmail();
    const bob = await verified(email);
    const { tripId, token } = await invite(email, "editor");
    await accept(bob.client, token);
    // A deletion ends the trip for everyone in one live message (trip-deletion.test.ts reads it),
    // not one removal per person.
    const ended: [string, string][] = [];
    t.deps.onAccessEnded = (trip, userId) => ended.push([trip, userId]);
    try {
      expect((await owner.client.delete(`/api/trips/${tripId}`)).status).toBe(204);
      expect(ended).toEqual([]);
      expect((await bob.client.get(`/api/trips/${tripId}`)).status).toBe(404);
      expect((await owner.client.get(`/api/trips/${tripId}`)).status).toBe(404);
      expect(
        (await bob.client.patch(`/api/trips/${tripId}`, { version: 2, name: "X" })).status,
      ).toBe(404);
    } finally {
      t.deps.onAccessEnded = () => {};
    }
  });
});
