import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// A public link used to be the trip's id: unsharing and sharing again revived every link ever given
// out, and anyone who once saw the id could read the trip again whenever it was shared.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

type ShareAnswer = { trip: { id: string; isPublic: boolean; sharePath: string }; shareUrl: string };
const NOT_FOUND = { error: { code: "not_found", message: "Trip not found" } };

describe("public share links", () => {
  it("carry their own random token, and no link survives an unshare", async () => {
    const owner = await signUpUser(t);
    const visitor = createClient(t);
    const { id } = await insertTrip(t.deps.database.db, owner.userId, { destination: "Tallinn" });

    const share = async () => {
      const res = await owner.client.post(`/api/trips/${id}/share`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as ShareAnswer;
      const token = /^\/shared\/([A-Za-z0-9_-]+)$/.exec(body.trip.sharePath)?.[1] ?? "";
      expect(token.length).toBeGreaterThanOrEqual(22);
      expect(token).not.toContain(id);
      expect(body.shareUrl).toBe(`${t.deps.env.APP_ORIGIN}/shared/${token}`);
      return token;
    };
    const expectGone = async (link: string) => {
      for (const path of [`/api/shared/${link}`, `/api/shared/${link}/calendar.ics`]) {
        const res = await visitor.get(path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual(NOT_FOUND);
      }
    };

    const first = await share();
    expect((await visitor.get(`/api/shared/${first}`)).status).toBe(200);
    expect((await visitor.get(`/api/shared/${first}/calendar.ics`)).status).toBe(200);
    // The trip's id is no link, shared or not.
    await expectGone(id);

    expect((await owner.client.delete(`/api/trips/${id}/share`)).status).toBe(200);
    await expectGone(first);

    const second = await share();
    expect(second).not.toBe(first);
    await expectGone(first);
    await expectGone(id);

    // Sharing a trip that is already shared draws a new link too; the one before it is dead.
    const third = await share();
    expect(third).not.toBe(second);
    await expectGone(second);
    const res = await visitor.get(`/api/shared/${third}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { trip: { destination: string } }).trip.destination).toBe(
      "Tallinn",
    );
  });

  it("are unguessable: every share of every trip draws a different token", async () => {
    const owner = await signUpUser(t);
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { id } = await insertTrip(t.deps.database.db, owner.userId);
      for (let round = 0; round < 2; round++) {
        const res = await owner.client.post(`/api/trips/${id}/share`);
        tokens.add(((await res.json()) as ShareAnswer).trip.sharePath);
        await owner.client.delete(`/api/trips/${id}/share`);
      }
    }
    expect(tokens.size).toBe(10);
  });
});
