import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { serveTestApp } from "#tests/support/serve-app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { rawGet } from "./support/raw-http.ts";

// The dev outbox answered any Host: a page on a name of the attacker's, rebound to 127.0.0.1, is
// same-origin with whatever answers there, so it could read every reset link. The outbox (API and
// page) now answers only when Host is APP_ORIGIN's host, localhost or a loopback address.

const APP_HOST = "boundless.test";
const OUTBOX_PATHS = ["/api/dev/outbox", "/dev/outbox"];

let t: TestApp;
let server: Awaited<ReturnType<typeof serveTestApp>>;
const webRoot = mkdtempSync(path.join(tmpdir(), "boundless-web-"));
beforeAll(async () => {
  writeFileSync(
    path.join(webRoot, "index.html"),
    "<!doctype html><html><head><title>Boundless</title></head><body></body></html>",
  );
  t = await createTestApp({ APP_ORIGIN: `http://${APP_HOST}:3000` });
  // The page too: the server serves the web app, as `npm start` does.
  server = await serveTestApp({ app: createApp(t.deps, { serveWeb: true, webRoot }) });
});
afterAll(async () => {
  await server.close();
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe("the dev outbox under a rebound name", () => {
  it.each([
    "evil.example",
    "evil.example:3000",
    "localhost.evil.example",
    "127.0.0.1.evil.example",
  ])("answers 404 to Host: %s, for the API and the page", async (host) => {
    for (const outboxPath of OUTBOX_PATHS) {
      const res = await rawGet(`${server.urlVia()}${outboxPath}`, { Host: host });
      expect(res.status, outboxPath).toBe(404);
      expect(res.body).not.toContain("outbox");
    }
    // The rest of the server is not this defence's business.
    expect((await rawGet(`${server.urlVia()}/api/health`, { Host: host })).status).toBe(200);
  });

  it.each([`${APP_HOST}:3000`, "localhost", "localhost:8080", "127.0.0.1:3000", "[::1]:3000"])(
    "still answers this machine under its own name, Host: %s",
    async (host) => {
      for (const outboxPath of OUTBOX_PATHS) {
        const res = await rawGet(`${server.urlVia()}${outboxPath}`, { Host: host });
        expect(res.status, outboxPath).toBe(200);
      }
    },
  );
});
