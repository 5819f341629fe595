import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { hitRateLimit } from "./rate-limit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("hitRateLimit", () => {
  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const db = t.deps.database.db;
    const start = new Date("2027-01-01T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, "test:a", 3, 60, start));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBe(60);

    const later = new Date(start.getTime() + 45_000);
    expect(await hitRateLimit(db, "test:a", 3, 60, later)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 15,
    });
  });

  it("starts a new window once the old one has passed, per key", async () => {
    const db = t.deps.database.db;
    const start = new Date("2027-01-01T11:00:00Z");
    await hitRateLimit(db, "test:b", 1, 60, start);
    expect((await hitRateLimit(db, "test:b", 1, 60, start)).allowed).toBe(false);
    expect((await hitRateLimit(db, "test:other", 1, 60, start)).allowed).toBe(true);
    expect(
      (await hitRateLimit(db, "test:b", 1, 60, new Date(start.getTime() + 61_000))).allowed,
    ).toBe(true);
  });

  it("ends a window exactly when its time is up: refused a millisecond before, allowed on the dot", async () => {
    const db = t.deps.database.db;
    const start = new Date("2027-01-01T11:30:00Z");
    expect((await hitRateLimit(db, "test:edge", 1, 60, start)).allowed).toBe(true);
    expect(
      await hitRateLimit(db, "test:edge", 1, 60, new Date(start.getTime() + 59_999)),
    ).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(
      await hitRateLimit(db, "test:edge", 1, 60, new Date(start.getTime() + 60_000)),
    ).toMatchObject({ allowed: true, remaining: 0, retryAfterSeconds: 60 });
  });

  it("counts concurrent hits exactly once each", async () => {
    const db = t.deps.database.db;
    const now = new Date("2027-01-01T12:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit(db, "test:c", 5, 60, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});
