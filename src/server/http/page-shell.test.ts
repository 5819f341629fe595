import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHELL_DESTINATION } from "#shared/page-shells.ts";
import { createApp } from "#server/app.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The signed-in page shells (server/http/page-shell.ts): `/trips` and a trip's page arrive with
 * their top already in the HTML, before `#root`, for a signed-in visitor and the trip's owner only.
 * A small built dist and a prerenderer module of the test's own, on a real database.
 */
const ROOT = '<div id="root"></div>';
const TRIPS_SHELL = '<div id="page-shell"><h1>My Trips</h1></div>';
const TRIP_SHELL = `<div id="page-shell"><h1>${SHELL_DESTINATION}</h1></div>`;

let t: TestApp;
let dist: string;
let web: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(path.join(tmpdir(), "boundless-shell-"));
  writeFileSync(
    path.join(dist, "index.html"),
    `<!doctype html><html><head></head><body>${ROOT}</body></html>`,
  );
  // Written after index.html: a prerenderer older than the page is not used (prerendered-pages.ts).
  const entry = path.join(dist, "prerender.mjs");
  writeFileSync(
    entry,
    `export const PRERENDERED_PATHS = [];
export async function prerenderPage() { throw new Error("no public page here"); }
export function prerenderShells() {
  return [["trips", ${JSON.stringify(TRIPS_SHELL)}], ["trip", ${JSON.stringify(TRIP_SHELL)}]];
}`,
  );
  web = createApp(t.deps, { serveWeb: true, webRoot: dist, ssrEntry: entry });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (cookie: string | undefined, url: string) =>
  web.request(url, { headers: cookie ? { Cookie: cookie } : {} });
const cookieOf = (client: Awaited<ReturnType<typeof signUpUser>>["client"]) =>
  [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

describe("signed-in page shells", () => {
  it("/trips comes with its shell before #root for a signed-in visitor, kept by no shared cache", async () => {
    const { client } = await signUpUser(t);
    const response = await page(cookieOf(client), "/trips");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<body>${TRIPS_SHELL}${ROOT}</body>`);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("vary")).toMatch(/^Cookie(, |$)/);
    // The filters in the query string change the list, not the page's top.
    expect(await (await page(cookieOf(client), "/trips?q=rome")).text()).toContain(TRIPS_SHELL);
  });

  it("signed out, with a forged cookie, or after signing out, /trips is the plain page", async () => {
    const { client } = await signUpUser(t);
    const cookie = cookieOf(client);
    const forged = cookie.replace(/=([^.;]+)\./, "=forged$1.");
    for (const sent of [undefined, forged]) {
      const response = await page(sent, "/trips");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<body>${ROOT}</body>`);
      expect(html).not.toContain("page-shell");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect(await (await page(cookie, "/trips")).text()).not.toContain("page-shell");
  });

  it("a trip's page carries its destination, escaped, for its owner only", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const destination = `Tom & Jerry's <b>"Place"</b> $& $1`;
    const trip = await insertTrip(t.deps.database.db, owner.userId, { destination });
    const html = await (await page(cookieOf(owner.client), `/trips/${trip.id}`)).text();
    expect(html).toContain(
      `<div id="page-shell"><h1>Tom &#38; Jerry&#39;s &#60;b&#62;&#34;Place&#34;&#60;/b&#62; $&#38; $1</h1></div>${ROOT}`,
    );
    expect(html).not.toContain("<b>");
    expect(html).not.toContain(SHELL_DESTINATION);
    // Someone else's trip, one that is not there, a malformed id, the print page: the plain page
    // (which says "Trip not found" or prints by itself), never another user's destination.
    for (const url of [
      `/trips/${trip.id}`,
      "/trips/00000000-0000-4000-8000-000000000000",
      "/trips/not-a-trip",
      `/trips/${trip.id}/print`,
    ]) {
      const other_ = await (await page(cookieOf(other.client), url)).text();
      expect(other_, url).not.toContain("page-shell");
      expect(other_, url).not.toContain("Jerry");
    }
    expect(await (await page(undefined, `/trips/${trip.id}`)).text()).not.toContain("page-shell");
  });

  it("a visitor with no session cookie does not wait for the prerenderer", async () => {
    // A prerenderer that leaves a mark when it is loaded: only a request that may get a shell (a
    // signed session cookie) waits for the prerenderer's run, here started by that request.
    const marked = mkdtempSync(path.join(tmpdir(), "boundless-shell-mark-"));
    const mark = path.join(marked, "loaded");
    try {
      writeFileSync(path.join(marked, "index.html"), readFileSync(path.join(dist, "index.html")));
      const entry = path.join(marked, "prerender.mjs");
      writeFileSync(
        entry,
        `import { writeFileSync } from "node:fs";
writeFileSync(${JSON.stringify(mark)}, "");
export const PRERENDERED_PATHS = [];`,
      );
      const app = createApp(t.deps, { serveWeb: true, webRoot: marked, ssrEntry: entry });
      const urls = ["/trips", "/trips/6f1c4b57-2c1e-4f57-9d61-6a8f0b0d1a11"];
      for (const url of urls) {
        const response = await app.request(url, { headers: { Cookie: "theme=dark" } });
        expect(response.status, url).toBe(200);
        expect(await response.text(), url).toContain(ROOT);
      }
      expect(existsSync(mark)).toBe(false);

      const { client } = await signUpUser(t);
      const signedIn = await app.request("/trips", { headers: { Cookie: cookieOf(client) } });
      expect(await signedIn.text()).toContain(ROOT);
      expect(existsSync(mark)).toBe(true);
    } finally {
      rmSync(marked, { recursive: true, force: true });
    }
  });

  it("other pages never get a shell", async () => {
    const { client } = await signUpUser(t);
    for (const url of ["/", "/profile", "/login", "/trips/", "/tripsx"]) {
      const html = await (await page(cookieOf(client), url)).text();
      expect(html, url).not.toContain("page-shell");
    }
  });
});
