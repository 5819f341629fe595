import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * `GET /assets/index-OLDHASH.js` answered 200 text/html (the SPA page) with
 * `Cache-Control: public, max-age=31536000, immutable`, so during a rolling deploy a browser or CDN
 * kept HTML under a script URL for a year. A missing file is now a 404 nobody keeps, and the SPA
 * fallback serves navigations only. Runs against a small built dist in a temporary folder.
 */
const YEAR = "public, max-age=31536000, immutable";
let t: TestApp;
let dist: string;
let web: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(path.join(tmpdir(), "boundless-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><head><script type="module" src="/assets/index-NEWHASH.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, "assets", "index-NEWHASH.js"), "console.log('new build');\n");
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  web = createApp(t.deps, { serveWeb: true, webRoot: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

function expectMissing(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type") ?? "").not.toContain("text/html");
  const cache = response.headers.get("cache-control") ?? "";
  expect(cache).not.toContain("max-age=31536000");
  expect(cache).not.toContain("immutable");
  expect(cache).toBe("no-store");
}

describe("a stale or missing asset during a rolling deploy", () => {
  it.each([
    "/assets/index-OLDHASH.js",
    "/assets/index-OLDHASH.css",
    "/assets/chunk-OLDHASH.js.map",
    "/assets/no-extension",
    "/assets/",
    "/assets/nested/deeper/file.js",
  ])("GET %s is a 404 that is not cached, not the HTML page", async (url) => {
    const response = await web.request(url);
    expectMissing(response);
    expect(await response.text()).not.toContain("<!doctype html>");
  });

  it("the current asset is still served and cached for a year", async () => {
    const response = await web.request("/assets/index-NEWHASH.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("cache-control")).toBe(YEAR);
  });

  it.each(["/favicon.ico", "/robots.txt", "/trips/old-bundle.js", "/sw.js"])(
    "a missing file outside /assets (%s) is a 404 too",
    async (url) => expectMissing(await web.request(url)),
  );

  it("a file that exists outside /assets is served for an hour", async () => {
    const response = await web.request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it.each(["/", "/trips", "/trips/7d0c1d1e-2f6b-4a77-9d4e-0a6f0d6b2d11", "/login", "/shared/abc"])(
    "a navigation (%s) still gets the SPA page, never cached for long",
    async (url) => {
      const response = await web.request(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toContain('id="public-config"');
    },
  );

  it("without any build, a missing asset is a 404 as well (not the 'not built' page)", async () => {
    const bare = createApp(t.deps, { serveWeb: true, webRoot: path.join(dist, "missing") });
    expectMissing(await bare.request("/assets/index-OLDHASH.js"));
    expect((await bare.request("/trips")).status).toBe(503);
  });
});
