import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import {
  account,
  pendingFileDeletions,
  profiles,
  rateLimits,
  session,
  trips,
  user,
  verification,
} from "#server/db/schema.ts";
import { createDeps } from "#server/deps.ts";
import { retryPendingFileDeletions } from "#server/account/account-deletion.ts";
import { createLogger } from "#server/lib/logger.ts";
import { firstLink } from "#tests/fakes/smtp-catcher.ts";
import { startS3Fake } from "#tests/fakes/s3-fake.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createMailTestApp, type MailTestApp } from "#tests/support/mail-app.ts";
import { createTestApp, TEST_ORIGIN, TEST_SECRET, type TestApp } from "#tests/support/test-app.ts";
import type { Db } from "../db/database.ts";
import { createLocalStorage } from "../services/storage/local-storage.ts";
import type { Storage } from "../services/storage/storage.ts";

let t: MailTestApp;
let uploads: string;
/** When set, the disk refuses deletions (as a full or read-only volume would). */
let diskFailure: Error | null = null;

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), "boundless-delete-"));
  const local = createLocalStorage({ root: uploads, secret: TEST_SECRET });
  const storage: Storage = {
    ...local,
    delete: (keys) => (diskFailure ? Promise.reject(diskFailure) : local.delete(keys)),
  };
  t = await createMailTestApp({}, { storage });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

type ErrorBody = { error: { code: string; message: string } };

const png = () =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();

async function uploadAvatar(client: TestClient, name = "me.png") {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await png())], name, { type: "image/png" }));
  const res = await client.request("POST", "/api/profile/avatar", { body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { profile: { avatarUrl: string } }).profile.avatarUrl;
}

/** A traveller with everything an account can hold: profile, avatar, trips (one shared), two sessions. */
async function fullAccount(app: TestApp = t) {
  const owner = await signUpUser(app);
  await owner.client.put("/api/profile", { fullName: "Doomed", bio: "Bye" });
  const avatarUrl = await uploadAvatar(owner.client);
  const shared = await insertTrip(app.deps.database.db, owner.userId, { isPublic: true });
  await insertTrip(app.deps.database.db, owner.userId);
  const phone = createClient(app);
  await phone.post("/api/auth/sign-in/email", { email: owner.email, password: owner.password });
  // A generation counter, keyed by the user like every per-user limit.
  await app.deps.database.db
    .insert(rateLimits)
    .values({ key: `generation:${owner.userId}`, windowStart: new Date(), count: 1 });
  return { ...owner, avatarUrl, sharedToken: shared.shareToken, phone };
}

/** Every row anywhere that names the user. */
async function rowsOf(db: Db, userId: string) {
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    user: await count(db.select().from(user).where(eq(user.id, userId))),
    session: await count(db.select().from(session).where(eq(session.userId, userId))),
    account: await count(db.select().from(account).where(eq(account.userId, userId))),
    profile: await count(db.select().from(profiles).where(eq(profiles.id, userId))),
    trips: await count(db.select().from(trips).where(eq(trips.userId, userId))),
    verification: await count(db.select().from(verification).where(eq(verification.value, userId))),
    rateLimits: await count(
      db
        .select()
        .from(rateLimits)
        .where(sql`strpos(${rateLimits.key}, ${userId}) > 0`),
    ),
  };
}

const NONE = {
  user: 0,
  session: 0,
  account: 0,
  profile: 0,
  trips: 0,
  verification: 0,
  rateLimits: 0,
};

describe("DELETE /api/account", () => {
  it("removes every row and file, ends every session, mails a confirmation, and frees the address", async () => {
    const owner = await fullAccount();
    // A pending reset link names the user too.
    await createClient(t).post("/api/auth/request-password-reset", {
      email: owner.email,
      redirectTo: "/update-password",
    });
    await t.smtp.waitForMessage(owner.email); // verification mail of the sign-up
    await t.smtp.waitForMessage(owner.email); // the reset mail
    const before = await rowsOf(t.deps.database.db, owner.userId);
    expect(before).toMatchObject({ user: 1, session: 2, profile: 1, trips: 2, verification: 1 });
    expect(readdirSync(path.join(uploads, "avatars"))).toContain(owner.userId);
    const otherInstance = createClient({
      app: createApp(createDeps(t.env, t.deps.database, createLogger("silent"))),
    });
    for (const [k, v] of owner.phone.cookies) otherInstance.cookies.set(k, v);

    const res = await owner.client.request("DELETE", "/api/account", {
      json: { password: owner.password },
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join("\n")).toMatch(
      /better-auth\.session_token=;.*Max-Age=0/i,
    );

    expect(await rowsOf(t.deps.database.db, owner.userId)).toEqual(NONE);
    expect(await t.deps.database.db.select().from(pendingFileDeletions)).toEqual([]);
    // Not a file, not even the folder named after the user.
    expect(readdirSync(path.join(uploads, "avatars"))).not.toContain(owner.userId);
    expect((await t.app.request(owner.avatarUrl)).status).toBe(404);
    expect((await createClient(t).get(`/api/shared/${owner.sharedToken}`)).status).toBe(404);
    expect((await owner.phone.get("/api/profile")).status).toBe(401);
    expect((await otherInstance.get("/api/trips")).status).toBe(401);

    const mail = await t.smtp.waitForMessage(owner.email);
    expect(mail.subject).toBe("Boundless: your account has been deleted");
    expect(mail.text).not.toMatch(/https?:\/\//);

    // Like any unknown address: the same refusal, word for word, and sign-up works again.
    const asDeleted = await createClient(t).post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    const asUnknown = await createClient(t).post("/api/auth/sign-in/email", {
      email: `never-${owner.email}`,
      password: owner.password,
    });
    expect(asDeleted.status).toBe(401);
    expect(asUnknown.status).toBe(401);
    expect(await asDeleted.json()).toEqual(await asUnknown.json());
    const again = await signUpUser(t, { email: owner.email, password: "another password 2" });
    expect(again.userId).not.toBe(owner.userId);
    const profile = await again.client.get("/api/profile");
    expect(
      ((await profile.json()) as { profile: { bio: string; hasAvatar: boolean } }).profile,
    ).toMatchObject({ bio: "", hasAvatar: false });
    expect((await again.client.get("/api/trips")).status).toBe(200);
    expect(((await (await again.client.get("/api/trips")).json()) as { trips: [] }).trips).toEqual(
      [],
    );
  }, 90_000);

  it("refuses a wrong or missing password and deletes nothing", async () => {
    const owner = await signUpUser(t);
    await insertTrip(t.deps.database.db, owner.userId);
    const wrong = await owner.client.request("DELETE", "/api/account", {
      json: { password: "not my password" },
    });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as ErrorBody).error).toEqual({
      code: "invalid_password",
      message: "Incorrect password",
    });
    const missing = await owner.client.request("DELETE", "/api/account", { json: {} });
    expect(missing.status).toBe(422);
    const empty = await owner.client.request("DELETE", "/api/account", {
      json: { password: "" },
    });
    expect(empty.status).toBe(422);
    expect(await rowsOf(t.deps.database.db, owner.userId)).toMatchObject({ user: 1, trips: 1 });
  });

  it("cannot be done to someone else: their password through my session deletes neither", async () => {
    const victim = await signUpUser(t, { password: "victim only password" });
    const attacker = await signUpUser(t, { password: "attacker password 1" });
    const res = await attacker.client.request("DELETE", "/api/account", {
      json: { password: victim.password },
    });
    expect(res.status).toBe(403);
    for (const id of [victim.userId, attacker.userId])
      expect((await rowsOf(t.deps.database.db, id)).user).toBe(1);
    const anonymous = await createClient(t).request("DELETE", "/api/account", {
      json: { password: victim.password },
    });
    expect(anonymous.status).toBe(401);
    expect((await rowsOf(t.deps.database.db, victim.userId)).user).toBe(1);
  });

  it("is refused from another origin, even with a valid cookie and password", async () => {
    const owner = await signUpUser(t);
    const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const contentType of ["application/json", "text/plain"]) {
      const res = await t.app.request("/api/account", {
        method: "DELETE",
        headers: { cookie, origin: "https://evil.example", "content-type": contentType },
        body: JSON.stringify({ password: owner.password }),
      });
      expect(res.status).toBe(403);
    }
    const link = await t.app.request("/api/account/deletion-link", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(link.status).toBe(403);
    expect((await rowsOf(t.deps.database.db, owner.userId)).user).toBe(1);
    const own = await t.app.request("/api/account", {
      method: "DELETE",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ password: owner.password }),
    });
    expect(own.status).toBe(204);
  });

  it("when the store fails: the account is gone, the files are recorded, unreadable, and retried", async () => {
    const owner = await fullAccount();
    diskFailure = new Error("EIO: i/o error");
    try {
      const res = await owner.client.request("DELETE", "/api/account", {
        json: { password: owner.password },
      });
      expect(res.status).toBe(204);
    } finally {
      diskFailure = null;
    }
    expect(await rowsOf(t.deps.database.db, owner.userId)).toEqual(NONE);
    const [pending] = await t.deps.database.db.select().from(pendingFileDeletions);
    expect(pending).toMatchObject({
      prefix: `avatars/${owner.userId}/`,
      attempts: 1,
      lastError: "EIO: i/o error",
    });
    // Still on disk, but a link signed before the deletion no longer serves it.
    expect(await t.deps.storage.list(`avatars/${owner.userId}/`)).toHaveLength(1);
    expect((await t.app.request(owner.avatarUrl)).status).toBe(404);

    // Not due yet: the retry waits for its backoff.
    expect(await retryPendingFileDeletions(t.deps)).toEqual({ removed: 0, failed: 0 });
    const later = new Date(Date.now() + 5 * 60_000);
    diskFailure = new Error("still broken");
    try {
      expect(await retryPendingFileDeletions(t.deps, { now: later })).toEqual({
        removed: 0,
        failed: 1,
      });
    } finally {
      diskFailure = null;
    }
    const [again] = await t.deps.database.db.select().from(pendingFileDeletions);
    expect(again).toMatchObject({ attempts: 2, lastError: "still broken" });

    const muchLater = new Date(Date.now() + 60 * 60_000);
    expect(await retryPendingFileDeletions(t.deps, { now: muchLater })).toEqual({
      removed: 1,
      failed: 0,
    });
    expect(await t.deps.storage.list(`avatars/${owner.userId}/`)).toEqual([]);
    expect(await t.deps.database.db.select().from(pendingFileDeletions)).toEqual([]);
  });
});

describe("accounts without a password (Google or GitHub only)", () => {
  /** A social-only account as the OAuth callback leaves it: no credential row, a provider row. */
  async function socialOnly() {
    const owner = await signUpUser(t);
    await t.deps.database.db
      .update(account)
      .set({ providerId: "github", accountId: `gh-${owner.userId}`, password: null })
      .where(eq(account.userId, owner.userId));
    await t.smtp.waitForMessage(owner.email); // the sign-up's verification mail
    return owner;
  }

  async function requestLink(client: TestClient, email: string) {
    const res = await client.post("/api/account/deletion-link", {});
    expect(res.status).toBe(204);
    const mail = await t.smtp.waitForMessage(email);
    expect(mail.subject).toBe("Boundless: confirm deleting your account");
    const link = new URL(firstLink(mail));
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/account/delete`);
    return link.searchParams.get("token") ?? "";
  }

  it("confirm with a fresh e-mailed link, which works once, for its own user only", async () => {
    const owner = await socialOnly();
    await insertTrip(t.deps.database.db, owner.userId, { isPublic: true });
    const info = await owner.client.get("/api/account");
    expect(await info.json()).toEqual({ account: { email: owner.email, hasPassword: false } });

    const byPassword = await owner.client.request("DELETE", "/api/account", {
      json: { password: owner.password },
    });
    expect(byPassword.status).toBe(403);
    expect(((await byPassword.json()) as ErrorBody).error.code).toBe("no_password");

    const stale = await requestLink(owner.client, owner.email);
    const token = await requestLink(owner.client, owner.email);
    // Only the newest link works.
    const old = await owner.client.request("DELETE", "/api/account", { json: { token: stale } });
    expect(old.status).toBe(403);
    expect(((await old.json()) as ErrorBody).error.code).toBe("invalid_link");

    const attacker = await signUpUser(t);
    const theirs = await attacker.client.request("DELETE", "/api/account", { json: { token } });
    expect(theirs.status).toBe(403);
    expect((await rowsOf(t.deps.database.db, attacker.userId)).user).toBe(1);

    const res = await owner.client.request("DELETE", "/api/account", { json: { token } });
    expect(res.status).toBe(204);
    expect(await rowsOf(t.deps.database.db, owner.userId)).toEqual(NONE);
    expect((await t.smtp.waitForMessage(owner.email)).subject).toBe(
      "Boundless: your account has been deleted",
    );
  });

  it("refuses an expired link", async () => {
    const owner = await socialOnly();
    const token = await requestLink(owner.client, owner.email);
    await t.deps.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, owner.userId));
    const res = await owner.client.request("DELETE", "/api/account", { json: { token } });
    expect(res.status).toBe(403);
    expect((await rowsOf(t.deps.database.db, owner.userId)).user).toBe(1);
  });

  it("is not offered to accounts with a password", async () => {
    const owner = await signUpUser(t);
    const res = await owner.client.post("/api/account/deletion-link", {});
    expect(res.status).toBe(409);
    expect(await (await owner.client.get("/api/account")).json()).toEqual({
      account: { email: owner.email, hasPassword: true },
    });
  });
});

describe("on S3-compatible storage", () => {
  it("removes every object of the user", async () => {
    const s3 = await startS3Fake();
    const app = await createTestApp({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      AUTH_RATE_LIMIT: "1000",
    });
    try {
      expect(app.deps.storage.driver).toBe("s3");
      const owner = await fullAccount(app);
      const neighbour = await signUpUser(app);
      const neighbourUrl = await uploadAvatar(neighbour.client);
      expect((await fetch(owner.avatarUrl)).status).toBe(200);

      const res = await owner.client.request("DELETE", "/api/account", {
        json: { password: owner.password },
      });
      expect(res.status).toBe(204);
      expect(await app.deps.storage.list(`avatars/${owner.userId}/`)).toEqual([]);
      expect((await fetch(owner.avatarUrl)).status).toBe(404);
      expect(await rowsOf(app.deps.database.db, owner.userId)).toEqual(NONE);
      expect(await app.deps.database.db.select().from(pendingFileDeletions)).toEqual([]);
      // Nobody else's files are touched.
      expect((await fetch(neighbourUrl)).status).toBe(200);
    } finally {
      await app.close();
      await s3.close();
    }
  }, 90_000);
});
