import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { session } from "#server/db/schema.ts";
import { createDeps } from "#server/deps.ts";
import { createLogger } from "#server/lib/logger.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, fromSocketPeer, type TestApp } from "#tests/support/test-app.ts";

const FIREFOX =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type ListedSession = {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
};

let t: TestApp;
/** A second app instance on the same database, as behind a load balancer. */
let other: Pick<TestApp, "app">;

beforeAll(async () => {
  // TRUST_PROXY: app.request() stands for a proxy on this machine, so each device's address comes
  // from X-Forwarded-For.
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", TRUST_PROXY: "true" });
  const deps = createDeps(t.env, t.deps.database, createLogger("silent"));
  other = { app: fromSocketPeer(createApp(deps), "127.0.0.1") };
});
afterAll(() => t.close());

const ADDRESSES: Record<string, string> = { [FIREFOX]: "198.51.100.20", [IPHONE]: "203.0.113.7" };

async function signIn(email: string, password: string, userAgent: string, app = t) {
  const client = createClient(app);
  const res = await client.post(
    "/api/auth/sign-in/email",
    { email, password },
    {
      "User-Agent": userAgent,
      "X-Forwarded-For": ADDRESSES[userAgent] ?? "192.0.2.1",
    },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return client;
}

/** The same cookie, sent to the other instance. */
function onOtherInstance(client: TestClient) {
  const copy = createClient(other);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function listSessions(client: TestClient) {
  const res = await client.get("/api/auth/list-sessions");
  expect(res.status).toBe(200);
  return (await res.json()) as ListedSession[];
}

async function currentSessionId(client: TestClient) {
  const res = await client.get("/api/auth/get-session");
  return ((await res.json()) as { session: { id: string } }).session.id;
}

describe("active sessions", () => {
  it("lists every session of the user with device, address and times; nobody else's", async () => {
    const owner = await signUpUser(t);
    await signIn(owner.email, owner.password, FIREFOX);
    await signIn(owner.email, owner.password, IPHONE);
    const stranger = await signUpUser(t);

    const sessions = await listSessions(owner.client);
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s) => s.userAgent)).toEqual(expect.arrayContaining([FIREFOX, IPHONE]));
    for (const s of sessions) {
      if (s.userAgent) expect(s.ipAddress).toBe(ADDRESSES[s.userAgent]);
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.updatedAt))).toBe(false);
    }
    expect(sessions.map((s) => s.id)).toContain(await currentSessionId(owner.client));

    const theirs = await listSessions(stranger.client);
    expect(theirs).toHaveLength(1);
    expect(sessions.map((s) => s.id)).not.toContain(theirs[0]?.id);

    const anonymous = await createClient(t).get("/api/auth/list-sessions");
    expect(anonymous.status).toBe(401);
  });

  it("are listed for a session signed in days ago too (no 'fresh session' demand)", async () => {
    const owner = await signUpUser(t);
    await t.deps.database.db
      .update(session)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(session.userId, owner.userId));
    expect(await listSessions(owner.client)).toHaveLength(1);
  });

  it("revoking one session ends it at once on every instance", async () => {
    const owner = await signUpUser(t);
    const phone = await signIn(owner.email, owner.password, IPHONE);
    const phoneElsewhere = onOtherInstance(phone);
    expect((await phoneElsewhere.get("/api/profile")).status).toBe(200);

    const phoneSession = (await listSessions(owner.client)).find((s) => s.userAgent === IPHONE);
    if (!phoneSession) throw new Error("phone session not listed");
    const res = await owner.client.post("/api/auth/revoke-session", {
      token: phoneSession.token,
    });
    expect(res.status).toBe(200);

    // The very next request on the other instance: no cache anywhere keeps the session alive.
    expect((await phoneElsewhere.get("/api/profile")).status).toBe(401);
    expect((await phone.get("/api/trips")).status).toBe(401);
    expect(await (await phoneElsewhere.get("/api/auth/get-session")).json()).toBeNull();
    expect((await owner.client.get("/api/profile")).status).toBe(200);
    expect((await listSessions(owner.client)).map((s) => s.userAgent)).not.toContain(IPHONE);
  });

  it("'Sign out of all other devices' keeps only this one", async () => {
    const owner = await signUpUser(t);
    const laptop = onOtherInstance(await signIn(owner.email, owner.password, FIREFOX));
    const phone = onOtherInstance(await signIn(owner.email, owner.password, IPHONE));

    const res = await owner.client.post("/api/auth/revoke-other-sessions", {});
    expect(res.status).toBe(200);

    expect((await laptop.get("/api/profile")).status).toBe(401);
    expect((await phone.get("/api/profile")).status).toBe(401);
    expect((await owner.client.get("/api/profile")).status).toBe(200);
    const left = await listSessions(owner.client);
    expect(left.map((s) => s.id)).toEqual([await currentSessionId(owner.client)]);
  });

  it("changing the password needs the current one and ends the other sessions", async () => {
    const owner = await signUpUser(t);
    const phone = onOtherInstance(await signIn(owner.email, owner.password, IPHONE));

    const wrong = await owner.client.post("/api/auth/change-password", {
      currentPassword: "not the password",
      newPassword: "a brand new password",
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect((await phone.get("/api/profile")).status).toBe(200);

    const res = await owner.client.post("/api/auth/change-password", {
      currentPassword: owner.password,
      newPassword: "a brand new password",
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect((await phone.get("/api/profile")).status).toBe(401);
    // This device carries on with the new session Better Auth set.
    expect((await owner.client.get("/api/profile")).status).toBe(200);
    expect(await listSessions(owner.client)).toHaveLength(1);

    const oldPassword = await createClient(t).post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(oldPassword.status).toBe(401);
    await signIn(owner.email, "a brand new password", FIREFOX, t);
  });

  it("another user cannot end someone else's session, even knowing its token", async () => {
    const owner = await signUpUser(t);
    const [ownSession] = await listSessions(owner.client);
    if (!ownSession) throw new Error("no session");
    const attacker = await signUpUser(t);

    const res = await attacker.client.post("/api/auth/revoke-session", {
      token: ownSession.token,
    });
    expect(res.status).toBe(200); // Better Auth answers alike, and does nothing
    expect((await onOtherInstance(owner.client).get("/api/profile")).status).toBe(200);
  });

  it("refuses session changes sent from another origin", async () => {
    const owner = await signUpUser(t);
    const phone = await signIn(owner.email, owner.password, IPHONE);
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const [phoneSession] = (await listSessions(owner.client)).filter((s) => s.userAgent === IPHONE);
    for (const [path, body] of [
      ["/api/auth/revoke-other-sessions", {}],
      ["/api/auth/revoke-session", { token: phoneSession?.token }],
      [
        "/api/auth/change-password",
        {
          currentPassword: owner.password,
          newPassword: "hijacked-pass-1",
          revokeOtherSessions: true,
        },
      ],
    ] as const) {
      const res = await t.app.request(path, {
        method: "POST",
        headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(403);
    }
    expect((await phone.get("/api/profile")).status).toBe(200);
    expect(await listSessions(owner.client)).toHaveLength(2);
  });
});
