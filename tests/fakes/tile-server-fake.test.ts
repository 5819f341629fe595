import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTileServerFake } from "./tile-server-fake.ts";

describe("tile server fake", () => {
  let fake: Awaited<ReturnType<typeof startTileServerFake>>;
  beforeAll(async () => {
    fake = await startTileServerFake();
  });
  afterAll(() => fake.close());

  it("serves a decodable 256×256 PNG at /{z}/{x}/{y}.png", async () => {
    const response = await fetch(`${fake.url}/12/2074/1409.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 256, 256]);
    expect(fake.tileUrl).toBe(`${fake.url}/{z}/{x}/{y}.png`);
  });

  it("answers 404 outside the zoom's grid and above zoom 19", async () => {
    expect((await fetch(`${fake.url}/1/2/0.png`)).status).toBe(404);
    expect((await fetch(`${fake.url}/20/0/0.png`)).status).toBe(404);
    expect((await fetch(`${fake.url}/1/1/1.png`)).status).toBe(200);
  });

  it("fails on purpose, in-process or over HTTP, and recovers", async () => {
    fake.setFailure(500);
    expect((await fetch(`${fake.url}/3/1/1.png`)).status).toBe(500);
    fake.setFailure(null);
    await fetch(`${fake.url}/__fake/fail?status=404`, { method: "POST" });
    expect((await fetch(`${fake.url}/3/1/1.png`)).status).toBe(404);
    await fetch(`${fake.url}/__fake/fail?status=off`, { method: "POST" });
    expect((await fetch(`${fake.url}/3/1/1.png`)).status).toBe(200);
    const counted = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as {
      requests: number;
    };
    expect(counted.requests).toBe(fake.requests);
    expect(fake.requests).toBeGreaterThanOrEqual(7);
  });
});
