import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Fake } from "#tests/fakes/s3-fake.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "#tests/support/test-app.ts";
import { createLocalStorage } from "../services/storage/local-storage.ts";
import type { Storage } from "../services/storage/storage.ts";

let clock: number | undefined;
let t: TestApp;
let uploads: string;
beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), "boundless-uploads-"));
  const storage = createLocalStorage({
    root: uploads,
    secret: TEST_SECRET,
    now: () => clock ?? Date.now(),
  });
  // Many sign-ups from one "client": lift the auth rate limit, which is not under test here.
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" }, { storage });
});
afterAll(async () => {
  await t.close();
  rmSync(uploads, { recursive: true, force: true });
});

type ProfileBody = {
  profile: {
    fullName: string;
    avatarUrl: string;
    hasAvatar: boolean;
    bio: string;
    preferredTravelStyle: string | null;
    interests: string[];
    preferredDestinations: string[];
  };
};
type ErrorBody = { error: { code: string; message: string } };

const image = (format: "png" | "jpeg", width = 640, height = 480) => {
  const canvas = sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } },
  });
  return (format === "png" ? canvas.png() : canvas.jpeg()).toBuffer();
};

function upload(client: TestClient, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return client.request("POST", "/api/profile/avatar", { body: form });
}

async function uploadOk(client: TestClient, bytes: Uint8Array, name = "me.png") {
  const res = await upload(client, bytes, name, "image/png");
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as ProfileBody).profile;
}

const getProfile = async (client: TestClient) =>
  ((await (await client.get("/api/profile")).json()) as ProfileBody).profile;

describe("profile", () => {
  it("needs a session for every route", async () => {
    const anonymous = createClient(t);
    for (const res of [
      await anonymous.get("/api/profile"),
      await anonymous.put("/api/profile", { fullName: "" }),
      await upload(anonymous, await image("png"), "a.png", "image/png"),
      await anonymous.delete("/api/profile/avatar"),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: "unauthorized", message: "No user session found" },
      });
    }
  });

  it("starts from defaults, then round-trips an update", async () => {
    const { client } = await signUpUser(t, { name: "Ada Lovelace" });
    expect(await getProfile(client)).toEqual({
      fullName: "Ada Lovelace",
      avatarUrl: "/default-avatar.svg",
      hasAvatar: false,
      bio: "",
      preferredTravelStyle: null,
      interests: [],
      preferredDestinations: [],
      temperatureUnit: null,
      homeCity: null,
    });

    const res = await client.put("/api/profile", {
      fullName: "  Ada King  ",
      bio: "Engines and travel.",
      preferredTravelStyle: "luxury",
      interests: ["History", "Food & Dining", "History"],
      preferredDestinations: " Kyoto, ,Lisbon ,, Kyoto ",
    });
    expect(res.status).toBe(200);
    const expected = {
      fullName: "Ada King",
      avatarUrl: "/default-avatar.svg",
      hasAvatar: false,
      bio: "Engines and travel.",
      preferredTravelStyle: "luxury",
      interests: ["History", "Food & Dining"],
      preferredDestinations: ["Kyoto", "Lisbon"],
      temperatureUnit: null,
      homeCity: null,
    };
    expect(((await res.json()) as ProfileBody).profile).toEqual(expected);
    expect(await getProfile(client)).toEqual(expected);

    // A second save updates the same row; a list is accepted as well as text; "" clears the style.
    await client.put("/api/profile", {
      fullName: "Ada",
      preferredTravelStyle: "",
      preferredDestinations: ["Paris, France", " "],
    });
    expect(await getProfile(client)).toMatchObject({
      fullName: "Ada",
      bio: "",
      preferredTravelStyle: null,
      interests: [],
      preferredDestinations: ["Paris, France"],
    });
  });

  it("refuses invalid updates with a clear message", async () => {
    const { client } = await signUpUser(t);
    const cases: [unknown, string][] = [
      [{ fullName: "   " }, "Full name is required"],
      [{}, "Full name is required"],
      [{ fullName: "x".repeat(101) }, "Full name must be at most 100 characters"],
      [{ fullName: "A", bio: "x".repeat(1001) }, "Bio must be at most 1000 characters"],
      [
        { fullName: "A", preferredTravelStyle: "cheap" },
        "Travel style must be luxury, comfort or budget",
      ],
      [{ fullName: "A", interests: ["Skiing"] }, "Choose interests from the list"],
      [
        { fullName: "A", preferredDestinations: Array.from({ length: 21 }, (_, i) => `P${i}`) },
        "List at most 20 preferred destinations",
      ],
      [
        { fullName: "A", preferredDestinations: "y".repeat(101) },
        "Each destination must be at most 100 characters",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await client.put("/api/profile", body);
      expect(res.status, message).toBe(422);
      expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    }
    expect((await getProfile(client)).fullName).toBe("Test User");
  });
});

describe("avatar", () => {
  it("accepts a PNG and a JPEG, re-encoded as a 256×256 WebP without metadata", async () => {
    const { client, userId } = await signUpUser(t);
    const png = await uploadOk(client, await image("png"), "Holiday Photo.png");
    expect(png.hasAvatar).toBe(true);
    expect(png.avatarUrl).toMatch(
      new RegExp(
        `^/api/files/avatars/${userId}/\\d{13}-holiday-photo\\.webp\\?expires=\\d+&signature=`,
      ),
    );

    const jpeg = await sharp(await image("jpeg"))
      .withExif({
        IFD0: { Copyright: "Ada" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(client, jpeg, "beach.jpg", "image/jpeg");
    expect(res.status).toBe(200);
    const profile = ((await res.json()) as ProfileBody).profile;

    const file = await client.get(profile.avatarUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect((await getProfile(client)).avatarUrl).toMatch(/-beach\.webp\?/);
  });

  it("refuses files that are too big or not images, keeping the current avatar", async () => {
    const { client, userId } = await signUpUser(t);
    const before = await uploadOk(client, await image("png"));
    const keys = await t.deps.storage.list(`avatars/${userId}/`);

    const tooBig = new Uint8Array(2 * 1024 * 1024 + 1);
    tooBig.set(await image("png", 8, 8));
    const refusals: [Response, number, string][] = [
      [
        await upload(client, tooBig, "big.png", "image/png"),
        413,
        "File size must be less than 2MB",
      ],
      [
        await upload(
          client,
          new TextEncoder().encode(
            '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          ),
          "evil.svg",
          "image/svg+xml",
        ),
        415,
        "File must be an image",
      ],
      [
        await upload(client, new TextEncoder().encode("just text"), "note.png", "image/png"),
        415,
        "File must be an image",
      ],
      [
        await upload(client, await image("jpeg"), "photo.jpg", "text/plain"),
        415,
        "File must be an image",
      ],
    ];
    for (const [res, status, message] of refusals) {
      expect(res.status, message).toBe(status);
      expect(((await res.json()) as ErrorBody).error.message).toBe(message);
    }
    const missing = await client.request("POST", "/api/profile/avatar", { body: new FormData() });
    expect(missing.status).toBe(422);

    expect(await t.deps.storage.list(`avatars/${userId}/`)).toEqual(keys);
    const after = await getProfile(client);
    expect(after.hasAvatar).toBe(true);
    expect(after.avatarUrl.split("?")[0]).toBe(before.avatarUrl.split("?")[0]);
  });

  it("refuses a decompression bomb by its claimed dimensions", async () => {
    const { client } = await signUpUser(t);
    const bomb = withPngSize(await image("png", 8, 8), 20_000, 20_000);
    const res = await upload(client, bomb, "bomb.png", "image/png");
    expect(res.status).toBe(422);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/dimensions are too large/);
  });

  it("deletes the old file only after the replacement is stored", async () => {
    const { client, userId } = await signUpUser(t);
    const first = await uploadOk(client, await image("png"), "first.png");
    const [firstKey] = await t.deps.storage.list(`avatars/${userId}/`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await uploadOk(client, await image("jpeg"), "second.jpg");

    const keys = await t.deps.storage.list(`avatars/${userId}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(firstKey);
    expect(keys[0]).toMatch(/-second\.webp$/);
    expect((await client.get(second.avatarUrl)).status).toBe(200);
    expect((await client.get(first.avatarUrl)).status).toBe(404);
  });

  it("settles concurrent uploads on the newest file and keeps only that one", async () => {
    const { client, userId } = await signUpUser(t);
    await Promise.all([
      uploadOk(client, await image("png"), "one.png"),
      uploadOk(client, await image("jpeg"), "two.jpg"),
      uploadOk(client, await image("png", 300, 300), "three.png"),
    ]);
    const keys = await t.deps.storage.list(`avatars/${userId}/`);
    expect(keys).toHaveLength(1);
    const { avatarUrl } = await getProfile(client);
    expect(avatarUrl).toContain(keys[0]);
    expect((await client.get(avatarUrl)).status).toBe(200);
  });

  it("removes the avatar: file deleted, profile back to the default", async () => {
    const { client, userId } = await signUpUser(t);
    const { avatarUrl } = await uploadOk(client, await image("png"));
    const res = await client.delete("/api/profile/avatar");
    expect(res.status).toBe(200);
    expect(((await res.json()) as ProfileBody).profile).toMatchObject({
      hasAvatar: false,
      avatarUrl: "/default-avatar.svg",
    });
    expect(await t.deps.storage.list(`avatars/${userId}/`)).toEqual([]);
    expect((await client.get(avatarUrl)).status).toBe(404);
    // Removing again is harmless.
    expect((await client.delete("/api/profile/avatar")).status).toBe(200);
  });

  it("signs a fresh link on every read; links expire and cannot be tampered with", async () => {
    const { client } = await signUpUser(t);
    const { avatarUrl } = await uploadOk(client, await image("png"));
    const anonymous = createClient(t);
    // The link itself is the credential (as an <img> would use it): no session needed.
    expect((await anonymous.get(avatarUrl)).status).toBe(200);

    clock = Date.now() + 3601 * 1000;
    try {
      expect((await anonymous.get(avatarUrl)).status).toBe(403);
      const fresh = (await getProfile(client)).avatarUrl;
      expect(fresh).not.toBe(avatarUrl);
      expect((await anonymous.get(fresh)).status).toBe(200);
    } finally {
      clock = undefined;
    }

    const url = new URL(avatarUrl, "http://localhost");
    url.searchParams.set("signature", "A".repeat(43));
    expect((await anonymous.get(`${url.pathname}${url.search}`)).status).toBe(403);
  });

  it("keeps each user's profile and avatar to themselves", async () => {
    const alice = await signUpUser(t, { name: "Alice" });
    const bob = await signUpUser(t, { name: "Bob" });
    await alice.client.put("/api/profile", { fullName: "Alice A", bio: "secret plans" });
    const aliceAvatar = await uploadOk(alice.client, await image("png"), "alice.png");

    expect(await getProfile(bob.client)).toMatchObject({
      fullName: "Bob",
      bio: "",
      hasAvatar: false,
    });
    expect((await bob.client.delete("/api/profile/avatar")).status).toBe(200);
    expect(await t.deps.storage.list(`avatars/${alice.userId}/`)).toHaveLength(1);
    expect(await getProfile(alice.client)).toMatchObject({ fullName: "Alice A", hasAvatar: true });

    // Bob's own signature does not open Alice's file.
    const bobAvatar = await uploadOk(bob.client, await image("png"), "bob.png");
    const [aliceKey] = await t.deps.storage.list(`avatars/${alice.userId}/`);
    const [bobKey] = await t.deps.storage.list(`avatars/${bob.userId}/`);
    const forged = bobAvatar.avatarUrl.replace(bobKey ?? "", aliceKey ?? "");
    expect(forged).not.toBe(bobAvatar.avatarUrl);
    expect((await bob.client.get(forged)).status).toBe(403);
    expect((await alice.client.get(aliceAvatar.avatarUrl)).status).toBe(200);
  });
});

/** Rewrites a PNG's IHDR to claim other dimensions (with a valid CRC), leaving the data as is. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe("avatar on S3-compatible storage", () => {
  it("is wired from the S3_* settings: upload, presigned read, replacement, removal", async () => {
    const s3 = await startS3Fake();
    const app = await createTestApp({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    try {
      expect(app.deps.storage.driver).toBe("s3");
      const { client, userId } = await signUpUser(app);
      await uploadOk(client, await image("png"), "first.png");
      const second = await uploadOk(client, await image("jpeg"), "second.jpg");
      expect(second.avatarUrl.startsWith(`${s3.endpoint}/${s3.bucket}/avatars/${userId}/`)).toBe(
        true,
      );
      const file = await fetch(second.avatarUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect(await app.deps.storage.list(`avatars/${userId}/`)).toEqual([
        expect.stringMatching(/-second\.webp$/),
      ]);

      expect((await client.delete("/api/profile/avatar")).status).toBe(200);
      expect(await app.deps.storage.list(`avatars/${userId}/`)).toEqual([]);
      expect((await fetch(second.avatarUrl)).status).toBe(404);
    } finally {
      await app.close();
      await s3.close();
    }
  });
});

describe("when storage fails", () => {
  it("answers with the specification's messages and never loses the current avatar", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "boundless-uploads-"));
    const local = createLocalStorage({ root, secret: TEST_SECRET });
    const broken = { put: false, signedUrl: false, delete: false };
    const outage = () => Promise.reject(new Error("storage outage"));
    const storage: Storage = {
      ...local,
      put: (...args) => (broken.put ? outage() : local.put(...args)),
      signedUrl: (...args) => (broken.signedUrl ? outage() : local.signedUrl(...args)),
      delete: (...args) => (broken.delete ? outage() : local.delete(...args)),
    };
    const app = await createTestApp({}, { storage });
    try {
      const { client, userId } = await signUpUser(app);
      const before = await uploadOk(client, await image("png"), "keep.png");

      broken.put = true;
      const failedUpload = await upload(client, await image("jpeg"), "new.jpg", "image/jpeg");
      expect(failedUpload.status).toBe(502);
      expect(((await failedUpload.json()) as ErrorBody).error.message).toBe(
        "Failed to upload avatar",
      );
      broken.put = false;
      expect((await getProfile(client)).avatarUrl.split("?")[0]).toBe(
        before.avatarUrl.split("?")[0],
      );

      broken.signedUrl = true;
      const failedRead = await client.get("/api/profile");
      expect(failedRead.status).toBe(502);
      expect(((await failedRead.json()) as ErrorBody).error.message).toBe(
        "Failed to create signed URL",
      );
      broken.signedUrl = false;

      broken.delete = true;
      const failedDelete = await client.delete("/api/profile/avatar");
      expect(failedDelete.status).toBe(502);
      expect(((await failedDelete.json()) as ErrorBody).error.message).toBe(
        "Failed to delete avatar",
      );
      broken.delete = false;
      expect((await getProfile(client)).hasAvatar).toBe(true);
      // The retry removes what the failed attempt left behind.
      expect((await client.delete("/api/profile/avatar")).status).toBe(200);
      expect(await storage.list(`avatars/${userId}/`)).toEqual([]);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("temperature unit", () => {
  it("is null until chosen, keeps °C or °F, is unchanged when not sent, refuses anything else", async () => {
    const { client } = await signUpUser(t, { name: "Celsius Fan" });
    const unitOf = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { profile: { temperatureUnit: unknown } }).profile
        .temperatureUnit;
    };
    expect(await unitOf(await client.get("/api/profile"))).toBeNull();
    expect(
      await unitOf(await client.put("/api/profile", { fullName: "C", temperatureUnit: "F" })),
    ).toBe("F");
    expect(await unitOf(await client.put("/api/profile", { fullName: "C" }))).toBe("F");
    expect(await unitOf(await client.get("/api/profile"))).toBe("F");
    const bad = await client.put("/api/profile", { fullName: "C", temperatureUnit: "K" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "Temperature must be °C or °F",
    );
    expect(
      await unitOf(await client.put("/api/profile", { fullName: "C", temperatureUnit: null })),
    ).toBeNull();
  });
});

describe("home city (issue 47)", () => {
  it('is null until set, kept trimmed, unchanged when not sent, cleared by "" or null, at most 100 characters', async () => {
    const { client } = await signUpUser(t, { name: "Bostonian" });
    const cityOf = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { profile: { homeCity: unknown } }).profile.homeCity;
    };
    expect(await cityOf(await client.get("/api/profile"))).toBeNull();
    expect(
      await cityOf(await client.put("/api/profile", { fullName: "B", homeCity: "  Boston, MA " })),
    ).toBe("Boston, MA");
    expect(await cityOf(await client.put("/api/profile", { fullName: "B" }))).toBe("Boston, MA");
    expect(await cityOf(await client.get("/api/profile"))).toBe("Boston, MA");

    const long = await client.put("/api/profile", { fullName: "B", homeCity: "x".repeat(101) });
    expect(long.status).toBe(422);
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
      "Home city must be at most 100 characters",
    );
    expect(await cityOf(await client.get("/api/profile"))).toBe("Boston, MA");
    expect(
      await cityOf(await client.put("/api/profile", { fullName: "B", homeCity: "x".repeat(100) })),
    ).toBe("x".repeat(100));

    expect(
      await cityOf(await client.put("/api/profile", { fullName: "B", homeCity: "" })),
    ).toBeNull();
    await client.put("/api/profile", { fullName: "B", homeCity: "Boston" });
    expect(
      await cityOf(await client.put("/api/profile", { fullName: "B", homeCity: null })),
    ).toBeNull();
  });
});
