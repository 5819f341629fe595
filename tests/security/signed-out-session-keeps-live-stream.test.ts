import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import type { OnlineUser } from "#shared/schemas/trip-history.ts";
import { drain, openStream, sameSessionOn, twoInstances } from "./support/two-instances.ts";

// F-5 (security review three): after sign-out, "sign out other sessions" or a password change, a
// session's open stream stayed open and kept receiving changes. A stream belongs to its session:
// when the session ends, its streams close on every instance and leave "Here now".

// Two instances, each with its own listening connection on PostgreSQL: slower than one.
vi.setConfig({ testTimeout: 120_000 });

let env: Awaited<ReturnType<typeof twoInstances>>;
beforeAll(async () => {
  env = await twoInstances();
});
afterAll(() => env.close());

async function signInAgain(t: TestApp, email: string, password: string) {
  const client = createClient(t);
  const res = await client.post("/api/auth/sign-in/email", { email, password });
  expect(res.status).toBe(200);
  return client;
}

async function sharedTrip() {
  const owner = await signUpUser(env.a, { name: "Olive" });
  const member = await signUpUser(env.a, { name: "Sam" });
  const trip = await insertTrip(env.database.db, owner.userId, { days: 1 });
  await env.database.db
    .insert(tripMembers)
    .values({ tripId: trip.id, userId: member.userId, role: "editor" });
  return { owner, member, trip };
}

async function ready(client: TestClient, tripId: string) {
  const opened = await openStream(client, tripId);
  expect(opened.status).toBe(200);
  await opened.events!.next("ready");
  return opened.events!;
}

const onlineIds = (data: unknown) => (data as { online: OnlineUser[] }).online.map((u) => u.userId);

/** A change by the owner: what a stream of an ended session must not hear. */
async function rename(owner: TestClient, tripId: string, name: string) {
  const current = (await (await owner.get(`/api/trips/${tripId}`)).json()) as {
    trip: { version: number };
  };
  const res = await owner.patch(`/api/trips/${tripId}`, { version: current.trip.version, name });
  expect(res.status).toBe(200);
}

describe("a stream outlives its session no more", () => {
  it("sign-out on A closes that session's stream on B; the person's other session keeps its own", async () => {
    const { owner, member, trip } = await sharedTrip();
    const laptop = await signInAgain(env.b, member.email, member.password);
    const signedOut = await ready(sameSessionOn(env.b, member.client), trip.id);
    const other = await ready(laptop, trip.id);
    expect((await member.client.post("/api/auth/sign-out", {})).status).toBe(200);
    const names = await drain(signedOut);
    expect(names.at(-1)).toBe("revoked");
    await rename(owner.client, trip.id, "After the sign-out");
    expect((await other.next("change"))?.data).toMatchObject({ by: { name: "Olive" } });
    expect(names).not.toContain("change");
    await other.close();
  });

  it("“sign out other sessions” closes the others' streams and drops them from Here now once none is left", async () => {
    const { owner, member, trip } = await sharedTrip();
    const phone = await signInAgain(env.b, member.email, member.password);
    const watching = await ready(owner.client, trip.id);
    const onPhone = await ready(phone, trip.id);
    for (let e = await watching.next(); e; e = await watching.next())
      if (e.event === "presence" && onlineIds(e.data).includes(member.userId)) break;
    expect((await member.client.post("/api/auth/revoke-other-sessions", {})).status).toBe(200);
    expect((await drain(onPhone)).at(-1)).toBe("revoked");
    for (let e = await watching.next(); e; e = await watching.next())
      if (e.event === "presence" && !onlineIds(e.data).includes(member.userId)) break;
    await rename(owner.client, trip.id, "After signing out the others");
    expect(await watching.next("change")).not.toBeNull();
    await watching.close();
  });

  it("a password change (signing out the other sessions) closes their streams on the other instance", async () => {
    const { owner, member, trip } = await sharedTrip();
    const phone = await signInAgain(env.b, member.email, member.password);
    const onPhone = await ready(phone, trip.id);
    const here = await ready(member.client, trip.id);
    const changed = await member.client.post("/api/auth/change-password", {
      currentPassword: member.password,
      newPassword: "a brand new password",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const names = await drain(onPhone);
    expect(names.at(-1)).toBe("revoked");
    await rename(owner.client, trip.id, "After the password change");
    expect(names).not.toContain("change");
    await here.close();
  });

  it("deleting the account closes its streams on every instance", async () => {
    const { owner, member, trip } = await sharedTrip();
    const onB = await ready(sameSessionOn(env.b, member.client), trip.id);
    const deleted = await member.client.request("DELETE", "/api/account", {
      json: { password: member.password },
    });
    expect(deleted.status).toBe(204);
    const names = await drain(onB);
    expect(names.at(-1)).toBe("revoked");
    await rename(owner.client, trip.id, "After the deletion");
    expect(names).not.toContain("change");
  });
});
