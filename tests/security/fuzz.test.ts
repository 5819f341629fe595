import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

/**
 * Property: no input a client can send to a JSON route makes the server answer 5xx. At least 500
 * random bodies (any JSON; the route's own keys with hostile values; malformed JSON) and queries per
 * route, against the real app on a real database. Outside services point at a closed local port.
 */
const RUNS = 500;
const CLOSED = "http://127.0.0.1:9";

let t: TestApp;
let cookie: string;
let tripId: string;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT: "100000",
    GENERATION_RATE_LIMIT: "100000",
    GENERATION_IP_RATE_LIMIT: "100000",
    CHAT_RATE_LIMIT: "100000",
    OPEN_METEO_BASE_URL: CLOSED,
    OPEN_METEO_GEOCODING_URL: CLOSED,
    OPENWEATHER_BASE_URL: CLOSED,
  });
  const user = await signUpUser(t);
  cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  tripId = (await insertTrip(t.deps.database.db, user.userId)).id;
}, 60_000);
afterAll(() => t.close());

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  fc.constantFrom(
    "",
    " ",
    "<script>alert(1)</script>",
    "'; drop table trips; --",
    "../../etc/passwd",
    "\u0000",
    "\ud800",
    "9".repeat(400),
    "x".repeat(300_000),
    "2027-02-30",
    "0000-01-01",
    "9999-12-31",
    "-1",
    "NaN",
    "1e309",
    "__proto__",
    "Food & Dining",
    "comfort",
    "user@example.com",
  ),
  fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 31, 0.1),
);

const bodyFor = (fields: string[]) =>
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record(Object.fromEntries(fields.map((f) => [f, hostile])), { requiredKeys: [] })
      .map((v) => JSON.stringify(v)),
    fc.string(), // malformed JSON
  );

type Route = { method: string; path: string; fields: string[]; signedIn: boolean };

const ROUTES: Route[] = [
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    fields: ["email", "password", "name"],
    signedIn: false,
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    fields: ["email", "password", "rememberMe"],
    signedIn: false,
  },
  {
    method: "POST",
    path: "/api/trips",
    fields: ["destination", "startDate", "endDate", "budget", "travelStyle", "interests"],
    signedIn: true,
  },
  {
    method: "PUT",
    path: "/api/profile",
    fields: ["fullName", "bio", "preferredTravelStyle", "interests", "preferredDestinations"],
    signedIn: true,
  },
  {
    method: "POST",
    path: "/api/chat",
    fields: ["message", "messages", "history"],
    signedIn: false,
  },
  { method: "POST", path: "/api/trips/:id/share", fields: ["isPublic"], signedIn: true },
];

async function send(method: string, path: string, body: string | undefined, signedIn: boolean) {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    "content-type": "application/json",
  };
  if (signedIn) headers.cookie = cookie;
  const response = await t.app.request(path, { method, headers, body });
  const text = await response.text();
  return { status: response.status, text };
}

describe("fuzzing JSON routes: zero 5xx", () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s body",
    async (_name, r) => {
      const path = r.path.replace(":id", tripId);
      await fc.assert(
        fc.asyncProperty(bodyFor(r.fields), async (body) => {
          const { status, text } = await send(r.method, path, body, r.signedIn);
          expect(
            status,
            `${r.method} ${path} ${body.slice(0, 200)} → ${text.slice(0, 200)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
    },
    180_000,
  );

  it("GET /api/trips/:id with any id", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uuid(),
          fc.string({ minLength: 1 }),
          fc.string({ unit: "binary", minLength: 1 }),
        ),
        async (id) => {
          const { status } = await send(
            "GET",
            `/api/trips/${encodeURIComponent(id)}`,
            undefined,
            true,
          );
          expect(status).toBeLessThan(500);
          expect([200, 404]).toContain(status);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("GET /api/trips and /api/shared/:id with any query", async () => {
    const keys = fc.oneof(
      fc.constantFrom(
        "q",
        "search",
        "sort",
        "order",
        "cursor",
        "limit",
        "style",
        "travelStyle",
        "minBudget",
        "maxBudget",
        "from",
        "to",
        "page",
      ),
      fc.string(),
    );
    const value = hostile.map((v) =>
      typeof v === "string" ? v.slice(0, 2000) : (JSON.stringify(v) ?? ""),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(keys, value), { maxLength: 6 }), async (pairs) => {
        const query = new URLSearchParams(pairs).toString();
        for (const path of ["/api/trips", `/api/shared/${tripId}`, "/api/config"]) {
          const { status, text } = await send("GET", `${path}?${query}`, undefined, true);
          expect(status, `${path}?${query} → ${text.slice(0, 200)}`).toBeLessThan(500);
        }
      }),
      { numRuns: RUNS },
    );
  }, 180_000);
});
