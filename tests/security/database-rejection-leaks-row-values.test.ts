import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppBindings } from "#server/http/context.ts";
import { user } from "#server/db/auth-schema.ts";
import { rateLimits, trips } from "#server/db/schema.ts";
import { errorToResponse } from "#server/http/errors-to-response.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { captureLogs, LOG_LEVEL } from "#tests/support/captured-logs.ts";
import { buildItinerary } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { fakeModelReply } from "../../bench/lib/generation-client.ts";
import { requestStops } from "#server/planner/request-stops.ts";

/**
 * Whatever the database still refuses (SQLSTATE class 22, data exception, or 23,
 * integrity constraint violation) is a 422, never a 500, and no log line quotes the row. Drizzle's
 * DrizzleQueryError puts every parameter into its message and `params`; PostgreSQL's messages and
 * details quote values too ("Failing row contains (…)", "Key (…)=(…)").
 *
 * Validation now stops every such value at the door, so the errors are provoked here on the real
 * database directly and handed to the real error handler; the route test provokes one through HTTP
 * with a race the schema cannot see (the account deleted while its trip is being generated).
 */
const SENTINEL = "Zanzibarsentinel";

let t: TestApp;
let ai: OpenAIFake;
let userId: string;
let gate: Promise<void> = Promise.resolve();
const logs = captureLogs();

beforeAll(async () => {
  // The model answers once `gate` opens, so a test can act while a generation is in flight.
  ai = await startOpenAIFake({
    respond: async (request) => {
      await gate;
      return fakeModelReply(request);
    },
  });
  t = await createTestApp(
    { AI_BASE_URL: ai.url, AI_API_KEY: "sk-test", AI_MODEL: "fake-model", AI_TIMEOUT_MS: "10000" },
    { logger: logs.logger },
  );
  userId = (await signUpUser(t)).userId;
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => logs.clear());

const tripValues = () => ({
  userId,
  name: SENTINEL,
  destination: SENTINEL,
  startDate: "2030-05-01",
  endDate: "2030-05-02",
  budget: 1500,
  travelStyle: "comfort",
  interests: [SENTINEL],
  itinerary: buildItinerary("2030-05-01", 2),
  stops: requestStops({ destination: SENTINEL, startDate: "2030-05-01", endDate: "2030-05-02" }),
});

async function failureOf(query: () => Promise<unknown>): Promise<Error> {
  try {
    await query();
  } catch (error) {
    return error as Error;
  }
  throw new Error("the query was expected to fail");
}

/** The real onError on a one-route app that throws what the database threw. */
async function respondTo(error: Error) {
  const probe = new Hono<AppBindings>();
  probe.use(async (c, next) => {
    c.set("deps", { ...t.deps, logger: logs.logger });
    c.set("requestId", "req-probe");
    await next();
  });
  probe.get("/", () => {
    throw error;
  });
  probe.onError(errorToResponse);
  return probe.request("/");
}

const db = () => t.deps.database.db;

describe("a database rejection of the client's data", () => {
  it.each([
    [
      "a NUL in text (22P05/22021)",
      () =>
        db()
          .insert(trips)
          .values({ ...tripValues(), destination: `${SENTINEL}\u0000` }),
    ],
    [
      "a year-0 date (22008)",
      () =>
        db()
          .insert(trips)
          .values({ ...tripValues(), startDate: "0000-01-01" }),
    ],
    [
      "a number out of range (22003)",
      () =>
        db()
          .insert(trips)
          .values({ ...tripValues(), budget: 1e12 }),
    ],
    [
      "a missing required value (23502, 'Failing row contains')",
      () =>
        db().execute(
          sql`insert into trips (user_id, destination, start_date, end_date, budget, travel_style) values (${userId}, ${SENTINEL}, '2030-05-01', '2030-05-02', 10, 'comfort')`,
        ),
    ],
    [
      "an unknown owner (23503)",
      () =>
        db()
          .insert(trips)
          .values({ ...tripValues(), userId: SENTINEL }),
    ],
    [
      "a duplicate key (23505)",
      async () => {
        await db().insert(rateLimits).values({ key: SENTINEL, windowStart: new Date(), count: 1 });
        await db().insert(rateLimits).values({ key: SENTINEL, windowStart: new Date(), count: 1 });
      },
    ],
  ])("%s: 422 invalid_input, logged at info without any value", async (_name, query) => {
    const error = await failureOf(query);
    // The raw error does quote the value: that is what must not reach the log.
    expect(JSON.stringify({ message: error.message, cause: String(error.cause) })).toContain(
      SENTINEL,
    );
    const response = await respondTo(error);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: { code: "invalid_input", message: "Some of the values you sent are not valid." },
    });
    const lines = logs.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: LOG_LEVEL.info,
      msg: "input rejected by the database",
    });
    expect(lines[0]?.sqlState).toMatch(/^2[23][0-9A-Z]{3}$/);
    expect(logs.text()).not.toContain(SENTINEL);
  });
});

describe("a database failure that is ours", () => {
  it("is a 500 logged at error with SQLSTATE, query and stack, but not the parameters", async () => {
    const error = await failureOf(() =>
      db().execute(sql`select ${SENTINEL}::text as value from no_such_table`),
    );
    expect(error.message).toContain(SENTINEL);
    const response = await respondTo(error);
    expect(response.status).toBe(500);
    const [line] = logs.lines();
    expect(line).toMatchObject({ level: LOG_LEVEL.error, msg: "unhandled error" });
    const err = line?.err as { message: string; stack: string; cause: { code: string } };
    expect(err.message).toContain("no_such_table");
    expect(err.stack).toContain("    at ");
    expect(err.cause.code).toBe("42P01");
    expect(logs.text()).not.toContain(SENTINEL);
  });
});

describe("POST /api/trips whose insert the database refuses", () => {
  it("answers 422 (not 500) and logs none of the trip's values", async () => {
    const owner = await signUpUser(t);
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    try {
      const pending = owner.client.post("/api/trips", {
        destination: SENTINEL,
        startDate: "2030-05-01",
        endDate: "2030-05-02",
        budget: 1500,
        travelStyle: "comfort",
        interests: ["History"],
      });
      // The account goes while its itinerary is being written: the insert then breaks the owner FK.
      await expect.poll(() => ai.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
      await db().delete(user).where(eq(user.id, owner.userId));
      open();
      const response = await pending;
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_input" } });
    } finally {
      open();
      gate = Promise.resolve();
    }
    expect(logs.text()).not.toContain(SENTINEL);
    expect(logs.lines().filter((line) => line.level >= LOG_LEVEL.warn)).toEqual([]);
    expect(logs.lines().map((line) => line.msg)).toContain("trip rejected by the database");
  });
});
