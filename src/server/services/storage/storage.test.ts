import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Fake, type S3Fake } from "#tests/fakes/s3-fake.ts";
import { createTestApp, TEST_SECRET, type TestApp } from "#tests/support/test-app.ts";
import { createLocalStorage } from "./local-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import { StorageConflictError, type Storage } from "./storage.ts";

// One clock for both adapters; a test moves it to sign links in the past.
let clock: number | undefined;
const now = () => clock ?? Date.now();

let t: TestApp;
let s3: S3Fake;
let uploads: string;
type Adapter = { storage: Storage; open: (url: string) => Promise<Response> };
let adapters: Record<"local" | "s3", Adapter>;

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), "boundless-uploads-"));
  const local = createLocalStorage({ root: uploads, secret: TEST_SECRET, now });
  t = await createTestApp({}, { storage: local });
  s3 = await startS3Fake();
  adapters = {
    local: { storage: local, open: async (url) => t.app.request(url) },
    s3: {
      storage: createS3Storage({ ...s3, region: "us-east-1", now }),
      open: (url) => fetch(url),
    },
  };
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(uploads, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const options = { contentType: "image/webp", cacheControlSeconds: 3600 };
let counter = 0;
const freshKey = (name = "pic.webp") => `avatars/user-${Date.now()}-${++counter}/${name}`;

describe.each(["local", "s3"] as const)("%s storage", (driver) => {
  const get = () => adapters[driver];

  it("stores, lists by prefix, reads back and deletes", async () => {
    const { storage } = get();
    expect(storage.driver).toBe(driver);
    const key = freshKey("1-a.webp");
    const folder = key.slice(0, key.lastIndexOf("/") + 1);
    await storage.put(key, bytes("first"), options);
    await storage.put(`${folder}2-b.webp`, bytes("second"), options);
    await storage.put(`${folder.slice(0, -1)}x/other.webp`, bytes("not in the folder"), options);

    expect(await storage.list(folder)).toEqual([key, `${folder}2-b.webp`]);
    const read = await storage.read(key);
    expect(new TextDecoder().decode(read?.body)).toBe("first");
    expect(read?.contentType).toBe("image/webp");

    await storage.delete([key, `${folder}missing.webp`]);
    expect(await storage.read(key)).toBeNull();
    expect(await storage.list(folder)).toEqual([`${folder}2-b.webp`]);
    await storage.delete([]);
  });

  it("never overwrites an existing object", async () => {
    const { storage } = get();
    const key = freshKey();
    await storage.put(key, bytes("original"), options);
    await expect(storage.put(key, bytes("replacement"), options)).rejects.toBeInstanceOf(
      StorageConflictError,
    );
    expect(new TextDecoder().decode((await storage.read(key))?.body)).toBe("original");
  });

  it("refuses keys that could escape their folder", async () => {
    const { storage } = get();
    for (const key of ["../etc/passwd", "avatars//x.webp", "avatars/.hidden", "a\\b", "/abs", ""]) {
      await expect(storage.put(key, bytes("x"), options), key).rejects.toThrow(
        /Invalid storage key/,
      );
    }
  });

  it("serves a signed link, and refuses it once expired or tampered with", async () => {
    const { storage, open } = get();
    const key = freshKey();
    await storage.put(key, bytes("pixels"), options);

    const url = await storage.signedUrl(key, 3600);
    const ok = await open(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/webp");
    expect(await ok.text()).toBe("pixels");

    clock = Date.now() - 3601 * 1000;
    const expired = await storage.signedUrl(key, 3600);
    clock = undefined;
    expect((await open(expired)).status).toBe(403);

    const stillFresh = await storage.signedUrl(key, 3600);
    clock = Date.now() + 3599 * 1000;
    const nearEnd = await open(stillFresh);
    clock = undefined;
    if (driver === "local") expect(nearEnd.status).toBe(200);

    if (driver === "s3") {
      // s3rver checks expiry but not v4 signatures (real S3 does): check what we control.
      const params = new URL(url).searchParams;
      expect(params.get("X-Amz-Expires")).toBe("3600");
      expect(params.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
      return;
    }
    const tampered = new URL(url, "http://localhost");
    const original = tampered.searchParams.get("signature") ?? "";
    tampered.searchParams.set(
      "signature",
      `${original.startsWith("A") ? "B" : "A"}${original.slice(1)}`,
    );
    expect((await open(`${tampered.pathname}${tampered.search}`)).status).toBe(403);
    tampered.searchParams.set("signature", original);
    tampered.searchParams.set("expires", String(Number(tampered.searchParams.get("expires")) + 60));
    expect((await open(`${tampered.pathname}${tampered.search}`)).status).toBe(403);

    // The signature of one file does not open another.
    const otherKey = freshKey();
    await storage.put(otherKey, bytes("someone else's"), options);
    const swapped = url.replace(key, otherKey);
    expect(swapped).not.toBe(url);
    expect((await open(swapped)).status).toBe(403);
  });
});

describe("local storage links", () => {
  it("serve images with safe headers, never a listing or an unsigned read", async () => {
    const { storage, open } = adapters.local;
    const key = freshKey("1732-me.webp");
    await storage.put(key, bytes("RIFF....WEBP"), options);
    const res = await open(await storage.signedUrl(key, 3600));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="1732-me.webp"');

    const folder = key.slice(0, key.lastIndexOf("/"));
    expect((await open(`/api/files/${folder}`)).status).toBe(403);
    expect((await open(`/api/files/${folder}/`)).status).toBe(404);
    expect((await open(`/api/files/${key}`)).status).toBe(403);
    expect((await open(`/api/files/..%2F..%2Fauth-secret?expires=1&signature=x`)).status).toBe(404);
  });

  it("never labels a stored file as HTML", async () => {
    const { storage, open } = adapters.local;
    const key = freshKey("page.html");
    await storage.put(key, bytes("<script>alert(1)</script>"), options);
    const res = await open(await storage.signedUrl(key, 60));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
  });
});

describe("S3 storage", () => {
  it("uploads with a one-hour cache control", async () => {
    const { storage } = adapters.s3;
    const key = freshKey();
    await storage.put(key, bytes("cached"), options);
    const res = await fetch(await storage.signedUrl(key, 3600));
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
  });
});
