import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "#tests/support/test-app.ts";
import { createApp } from "../app.ts";
import { createDeps } from "../deps.ts";
import { session as sessionTable } from "../db/auth-schema.ts";
import { trips } from "../db/schema.ts";
import { createAuth } from "./auth.ts";
import { readCookie, verifySignedValue } from "./session-cookie.ts";
import { sessionSettings } from "./session-settings.ts";

// The session reader of the read routes (auth/session.ts) on the real app and database: it must refuse
// exactly what Better Auth refuses, at once, on every instance.

const COOKIE = "better-auth.session_token";
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await t.close();
});

/** The read routes of a signed-in user, each with the status it answers. */
async function readStatuses(client: TestClient, tripId: string) {
  const paths = ["/api/trips", `/api/trips/${tripId}`, "/api/profile"];
  return Promise.all(paths.map(async (p) => (await client.get(p)).status));
}

async function signedInWithTrip() {
  const user = await signUpUser(t);
  const trip = await insertTrip(t.deps.database.db, user.userId);
  const signed = decodeURIComponent(user.client.cookies.get(COOKIE)!);
  const token = signed.slice(0, signed.lastIndexOf("."));
  return { ...user, tripId: trip.id, token };
}

/** A client that sends the given session cookie value (already URI-encoded or not). */
function clientWithCookie(value: string) {
  const client = createClient(t);
  client.cookies.set(COOKIE, value);
  return client;
}

const sign = (token: string, secret = TEST_SECRET) =>
  encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

describe("session reading on read routes", () => {
  it("answers a valid cookie on the list, the detail and the profile", async () => {
    const { client, tripId } = await signedInWithTrip();
    expect(await readStatuses(client, tripId)).toEqual([200, 200, 200]);
    const body = (await (await client.get("/api/profile")).json()) as {
      profile: { fullName: string };
    };
    expect(body.profile.fullName).toBe("Test User");
  });

  it("accepts a cookie signed like Better Auth signs it, and nothing else", async () => {
    const { token, tripId } = await signedInWithTrip();
    expect(await readStatuses(clientWithCookie(sign(token)), tripId)).toEqual([200, 200, 200]);

    const base64 = createHmac("sha256", TEST_SECRET).update(token).digest("base64");
    const base64url = createHmac("sha256", TEST_SECRET).update(token).digest("base64url");
    const refused = [
      sign(token, "another-secret-another-secret-another-0123"),
      // The token changed, the signature kept.
      sign(token).replace(/^./, (ch) => (ch === "a" ? "b" : "a")),
      // The signature changed by one character.
      `${token}.${"A".repeat(43)}=`,
      // The same signature in base64url: Better Auth refuses it, so must we (only a different
      // string when the signature holds a "+" or "/", which about three tokens in four do).
      ...(base64url === base64.replace(/=+$/, "")
        ? []
        : [encodeURIComponent(`${token}.${base64url}=`)]),
      // No signature at all.
      token,
    ];
    for (const value of refused) {
      expect(await readStatuses(clientWithCookie(value), tripId), value).toEqual([401, 401, 401]);
    }
  });

  it("refuses a signed-out session at once, also on another instance of the same database", async () => {
    const { client, tripId } = await signedInWithTrip();
    const other = createApp(createDeps(t.env, t.deps.database, t.deps.logger));
    const onOther = createClient({ app: other });
    for (const [k, v] of client.cookies) onOther.cookies.set(k, v);
    const stolen = new Map(client.cookies);
    expect(await readStatuses(onOther, tripId)).toEqual([200, 200, 200]);

    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    const replay = createClient(t);
    for (const [k, v] of stolen) replay.cookies.set(k, v);
    expect(await readStatuses(replay, tripId)).toEqual([401, 401, 401]);
    expect(await readStatuses(onOther, tripId)).toEqual([401, 401, 401]);
  });

  it("refuses every older session at once after a password reset", async () => {
    const { client, tripId, userId } = await signedInWithTrip();
    const context = await t.deps.auth.$context;
    const resetToken = `reset-${Date.now()}`;
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${resetToken}`,
      value: userId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const browser = createClient(t);
    const done = await browser.post("/api/auth/reset-password", {
      token: resetToken,
      newPassword: "a brand new passphrase",
    });
    expect(done.status).toBe(200);
    expect(await readStatuses(client, tripId)).toEqual([401, 401, 401]);
    // The reset signed this browser in with a new session, which works.
    expect(await readStatuses(browser, tripId)).toEqual([200, 200, 200]);
  });

  it("refuses an expired session and removes it, like Better Auth", async () => {
    const { client, tripId, token } = await signedInWithTrip();
    await t.deps.database.db
      .update(sessionTable)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessionTable.token, token));
    expect(await readStatuses(client, tripId)).toEqual([401, 401, 401]);
    const left = await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessionTable)
      .where(eq(sessionTable.token, token));
    expect(left[0]?.n).toBe(0);
  });

  it("extends a session due for its daily extension while it is in use", async () => {
    const { client, tripId, token } = await signedInWithTrip();
    // 28 days left of 30: older than the one-day update age.
    const old = new Date(Date.now() + 28 * DAY_MS);
    await t.deps.database.db
      .update(sessionTable)
      .set({ expiresAt: old })
      .where(eq(sessionTable.token, token));
    // The list and the detail read their rows with the session; Better Auth's answer keeps them.
    const list = (await (await client.get("/api/trips")).json()) as { trips: { id: string }[] };
    expect(list.trips.map((trip) => trip.id)).toEqual([tripId]);
    expect(await readStatuses(client, tripId)).toEqual([200, 200, 200]);
    const [row] = await t.deps.database.db
      .select({ expiresAt: sessionTable.expiresAt })
      .from(sessionTable)
      .where(eq(sessionTable.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(old.getTime() + DAY_MS);
  });

  it("reads a user's trips with the session: none, one, and never another user's", async () => {
    const empty = await signUpUser(t);
    const none = (await (await empty.client.get("/api/trips")).json()) as { trips: unknown[] };
    expect(none).toEqual({ trips: [], nextCursor: null });
    const { client, tripId } = await signedInWithTrip();
    expect((await empty.client.get(`/api/trips/${tripId}`)).status).toBe(404);
    const detail = (await (await client.get(`/api/trips/${tripId}`)).json()) as {
      trip: { id: string; createdAt: string; interests: unknown };
    };
    expect(detail.trip.id).toBe(tripId);
    expect(Array.isArray(detail.trip.interests)).toBe(true);
    const [stored] = await t.deps.database.db
      .select({ createdAt: trips.createdAt })
      .from(trips)
      .where(eq(trips.id, tripId));
    // Built from the stored microseconds, on the detail and in the list alike, it is what the
    // row's Date prints.
    expect(detail.trip.createdAt).toBe(stored!.createdAt.toISOString());
    const list = (await (await client.get("/api/trips")).json()) as {
      trips: { createdAt: string }[];
    };
    expect(list.trips[0]?.createdAt).toBe(stored!.createdAt.toISOString());
  });

  it("refuses a cookie whose session row does not exist", async () => {
    const { tripId } = await signedInWithTrip();
    expect(await readStatuses(clientWithCookie(sign("no-such-session-token")), tripId)).toEqual([
      401, 401, 401,
    ]);
  });
});

describe("session settings", () => {
  it.each(["test", "production"] as const)(
    "match Better Auth's own cookie names, secret and session ages (NODE_ENV=%s)",
    async (NODE_ENV) => {
      const env = { ...t.env, NODE_ENV };
      const auth = createAuth({
        env,
        db: t.deps.database.db,
        mailer: t.deps.mailer,
        logger: t.deps.logger,
      });
      const context = await auth.$context;
      expect(sessionSettings(env)).toEqual({
        secret: context.secret,
        sessionCookie: context.authCookies.sessionToken.name,
        dontRememberCookie: context.authCookies.dontRememberToken.name,
        expiresInMs: context.sessionConfig.expiresIn * 1000,
        updateAgeMs: context.sessionConfig.updateAge * 1000,
      });
    },
  );
});

describe("readCookie and verifySignedValue", () => {
  it("reads a cookie like Better Auth's parser: first wins, quotes dropped, URI-decoded", () => {
    expect(readCookie("a=1; b=x%2By; b=2", "b")).toBe("x+y");
    expect(readCookie('a="quoted"', "a")).toBe("quoted");
    expect(readCookie("ab=1; a=2", "a")).toBe("2");
    expect(readCookie("a=%E0%A4%A", "a")).toBe("%E0%A4%A");
    expect(readCookie(undefined, "a")).toBeUndefined();
    expect(readCookie("b=1", "a")).toBeUndefined();
  });

  it("verifies the HMAC-SHA256 signature Better Auth appends", () => {
    const value = decodeURIComponent(sign("tok.en"));
    expect(verifySignedValue(value, TEST_SECRET)).toBe("tok.en");
    expect(verifySignedValue(value, "other")).toBeNull();
    expect(verifySignedValue(".abc", TEST_SECRET)).toBeNull();
  });
});
