import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "#shared/constants.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  client = (await signUpUser(t)).client;
});
afterAll(() => t.close());

function upload(bytes: BlobPart, name: string, type: string) {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  return client.request("POST", "/api/profile/avatar", { body: form });
}

async function avatarUrl() {
  const response = await client.get("/api/profile");
  const body = (await response.json()) as { profile: { avatarUrl: string; hasAvatar: boolean } };
  return body.profile;
}

/** Fetches a served avatar and checks it can never be read as a page. */
async function expectServedAsImage(url: string) {
  const u = new URL(url, "http://localhost:3000");
  const response = await client.get(`${u.pathname}${u.search}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/webp");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 4)).toString()).toBe("RIFF");
  expect(Buffer.from(bytes).toString("latin1")).not.toMatch(/<script|<html|<svg/i);
}

const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

describe("avatar upload attacks", () => {
  it("refuses an SVG carrying a script", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>`;
    const response = await upload(svg, "avatar.svg", "image/svg+xml");
    expect([415, 422]).toContain(response.status);
    expect((await avatarUrl()).hasAvatar).toBe(false);
  });

  it("refuses HTML that claims to be a PNG (lying type and extension)", async () => {
    const response = await upload(
      "<html><script>alert(1)</script></html>",
      "photo.png",
      "image/png",
    );
    expect([415, 422]).toContain(response.status);
    expect((await avatarUrl()).hasAvatar).toBe(false);
  });

  it("refuses a file over the limit", async () => {
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1024);
    big.set(await png(), 0);
    const response = await upload(big, "big.png", "image/png");
    expect([413, 422]).toContain(response.status);
    expect((await avatarUrl()).hasAvatar).toBe(false);
  });

  it("never stores a GIF/HTML polyglot as anything but a re-encoded image", async () => {
    const polyglot = Buffer.concat([
      Buffer.from("GIF89a"),
      Buffer.from([1, 0, 1, 0, 0, 0, 0]),
      Buffer.from("<html><script>alert(1)</script></html>"),
    ]);
    const response = await upload(new Uint8Array(polyglot), "x.gif", "image/gif");
    expect(response.status).toBeLessThan(500);
    if (response.status === 200) await expectServedAsImage((await avatarUrl()).avatarUrl);
    else expect((await avatarUrl()).hasAvatar).toBe(false);
  });

  it("re-encodes a real image to WebP and serves it as an image, even with an .html name", async () => {
    const response = await upload(new Uint8Array(await png()), "../../evil.html", "image/png");
    expect(response.status).toBe(200);
    const profile = await avatarUrl();
    expect(profile.hasAvatar).toBe(true);
    expect(profile.avatarUrl).not.toMatch(/\.html/);
    await expectServedAsImage(profile.avatarUrl);
  });
});
