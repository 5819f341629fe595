import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Every id-bearing route, three callers: no session, another user, the owner. Only the owner
 * succeeds; the others get 401 or 404 and never see a byte of the owner's data.
 */
let t: TestApp;
let owner: TestClient;
let ownerId: string;
let stranger: TestClient;
let anonymous: TestClient;

const SECRET_DESTINATION = "Owner-only Destination 7f3a";

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  const a = await signUpUser(t, { name: "Owner" });
  owner = a.client;
  ownerId = a.userId;
  stranger = (await signUpUser(t, { name: "Stranger" })).client;
  anonymous = createClient(t);
});
afterAll(() => t.close());

const newTrip = async () =>
  (await insertTrip(t.deps.database.db, ownerId, { destination: SECRET_DESTINATION })).id;

async function expectRefused(response: Response, allowed: number[]) {
  const text = await response.text();
  expect(allowed, `status ${response.status}: ${text.slice(0, 200)}`).toContain(response.status);
  expect(text).not.toContain(SECRET_DESTINATION);
  expect(text).not.toContain(ownerId);
}

async function tripStillPrivateAndPresent(id: string) {
  const response = await owner.get(`/api/trips/${id}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { trip: { isPublic: boolean } };
  expect(body.trip.isPublic).toBe(false);
}

describe("access-control matrix over id-bearing routes", () => {
  it("GET /api/trips/:id — only the owner reads it", async () => {
    const id = await newTrip();
    await expectRefused(await anonymous.get(`/api/trips/${id}`), [401]);
    await expectRefused(await stranger.get(`/api/trips/${id}`), [404]);
    const mine = await owner.get(`/api/trips/${id}`);
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { trip: { id: string } }).trip.id).toBe(id);
  });

  it("DELETE /api/trips/:id — only the owner deletes it", async () => {
    const id = await newTrip();
    await expectRefused(await anonymous.delete(`/api/trips/${id}`), [401]);
    await expectRefused(await stranger.delete(`/api/trips/${id}`), [404]);
    await tripStillPrivateAndPresent(id);
    const mine = await owner.delete(`/api/trips/${id}`);
    expect([200, 204]).toContain(mine.status);
    expect((await owner.get(`/api/trips/${id}`)).status).toBe(404);
  });

  it("POST /api/trips/:id/share — only the owner shares it", async () => {
    const id = await newTrip();
    await expectRefused(await anonymous.post(`/api/trips/${id}/share`, {}), [401]);
    await expectRefused(await stranger.post(`/api/trips/${id}/share`, {}), [404]);
    await tripStillPrivateAndPresent(id);
    const mine = await owner.post(`/api/trips/${id}/share`, {});
    expect(mine.status).toBe(200);
  });

  it("GET /api/shared/:token — nobody, owner included, reads a trip that is not shared", async () => {
    const id = await newTrip();
    for (const client of [anonymous, stranger, owner])
      await expectRefused(await client.get(`/api/shared/${id}`), [404]);
    const sharing = await owner.post(`/api/trips/${id}/share`, {});
    expect(sharing.status).toBe(200);
    const { trip } = (await sharing.json()) as { trip: { sharePath: string } };
    const shared = await anonymous.get(`/api${trip.sharePath}`);
    expect(shared.status).toBe(200);
    const text = await shared.text();
    expect(text).toContain(SECRET_DESTINATION);
    // Public view: the trip, never who owns it.
    expect(text).not.toContain(ownerId);
    expect(text).not.toMatch(/@example\.com/);
  });

  it("GET /api/trips — a user's list never holds another user's trips", async () => {
    await newTrip();
    await expectRefused(await anonymous.get("/api/trips"), [401]);
    const theirs = await stranger.get("/api/trips");
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).not.toContain(SECRET_DESTINATION);
    const mine = await owner.get("/api/trips");
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain(SECRET_DESTINATION);
  });

  it("GET/PUT /api/profile — a session reaches only its own profile", async () => {
    await expectRefused(await anonymous.get("/api/profile"), [401]);
    await expectRefused(await anonymous.put("/api/profile", { fullName: "Nobody" }), [401, 422]);
    const put = await owner.put("/api/profile", { fullName: "Owner Full Name" });
    expect(put.status).toBe(200);
    const theirs = await stranger.get("/api/profile");
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).not.toContain("Owner Full Name");
  });
});
