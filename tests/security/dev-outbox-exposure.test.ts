import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeEnv, parseEnv } from "#server/env.ts";
import { developmentExposureWarning } from "#server/http/startup-warning.ts";
import { createClient } from "#tests/support/http.ts";
import { externalIPv4, serveTestApp } from "#tests/support/serve-app.ts";
import { startServer } from "#tests/support/server-process.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { freshEmail } from "./support/auth-flows.ts";

// `npm start` defaults to development on 0.0.0.0 and GET /api/dev/outbox needed no
// login: request a reset for someone, read the link. The outbox (API and page) answers only loopback
// clients (with TRUST_PROXY, the address the proxy saw); anyone else gets 404.

const external = externalIPv4();

let t: TestApp;
let server: Awaited<ReturnType<typeof serveTestApp>>;
let victim: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" }, {}, {});
  // Listening on every interface, as `npm start` does by default.
  server = await serveTestApp(t, "0.0.0.0");
  victim = freshEmail("victim");
  const signUp = await createClient(t).post("/api/auth/sign-up/email", {
    email: victim,
    password: "correct horse battery",
    name: "",
  });
  expect(signUp.status).toBe(200);
  // The attacker asks for a reset of the victim's account (that needs nothing but the address).
  const reset = await createClient(t).post("/api/auth/request-password-reset", {
    email: victim,
    redirectTo: "/update-password",
  });
  expect(reset.status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const OUTBOX_PATHS = ["/api/dev/outbox", "/api/dev/outbox/", "/dev/outbox", "/DEV/Outbox/"];

describe("the dev outbox from another machine", () => {
  it.skipIf(!external)(
    "answers 404 to a client on a non-loopback address, for the API and the page",
    async () => {
      for (const outboxPath of OUTBOX_PATHS) {
        const res = await fetch(`${server.urlVia(external)}${outboxPath}`);
        expect(res.status, outboxPath).toBe(404);
        expect(await res.text()).not.toContain("reset");
      }
      // Claiming to be loopback in a header does not help without TRUST_PROXY.
      const spoofed = await fetch(`${server.urlVia(external)}/api/dev/outbox`, {
        headers: { "X-Forwarded-For": "127.0.0.1" },
      });
      expect(spoofed.status).toBe(404);
      // The rest of the API is still there for that client.
      expect((await fetch(`${server.urlVia(external)}/api/health`)).status).toBe(200);
    },
  );

  it("still shows this machine its mail, the victim's reset link included", async () => {
    const res = await fetch(`${server.urlVia("127.0.0.1")}/api/dev/outbox`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { messages: { to: string; text: string }[] };
    expect(body.messages.some((m) => m.to === victim && m.text.includes("reset-password"))).toBe(
      true,
    );
  });

  it("without a socket address (no peer to check) it is closed too", async () => {
    expect((await t.app.request("/api/dev/outbox")).status).toBe(404);
  });
});

describe("the dev outbox behind a proxy (TRUST_PROXY=true)", () => {
  let proxied: TestApp;
  let proxiedServer: Awaited<ReturnType<typeof serveTestApp>>;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: "true" });
    proxiedServer = await serveTestApp(proxied);
  });
  afterAll(async () => {
    await proxiedServer.close();
    await proxied.close();
  });

  it("answers 404 when the proxy saw another address, even one the client wrote as 127.0.0.1", async () => {
    const url = `${proxiedServer.urlVia()}/api/dev/outbox`;
    // What a proxy that appends sends for a remote client.
    const remote = await fetch(url, { headers: { "X-Forwarded-For": "203.0.113.7" } });
    expect(remote.status).toBe(404);
    // The client's own "127.0.0.1", followed by the address the proxy saw.
    const spoofed = await fetch(url, { headers: { "X-Forwarded-For": "127.0.0.1, 203.0.113.7" } });
    expect(spoofed.status).toBe(404);
    const page = await fetch(`${proxiedServer.urlVia()}/dev/outbox`, {
      headers: { "X-Forwarded-For": "198.51.100.4" },
    });
    expect(page.status).toBe(404);
    // A request the proxy forwarded from this machine.
    const local = await fetch(url, { headers: { "X-Forwarded-For": "127.0.0.1" } });
    expect(local.status).toBe(200);
  });
});

describe("start-up in development beyond loopback", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-warning-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("prints a warning that says how to run in production", async () => {
    const port = 5140 + Math.floor(Math.random() * 50);
    const wide = await startServer(
      {
        NODE_ENV: "development",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        PORT: String(port),
        HOST: "0.0.0.0",
      },
      // A fresh PGlite is migrated first; on a busy machine that takes a while.
      { captureOutput: true, timeoutMs: 150_000 },
    );
    await wide.stop();
    expect(wide.output()).toMatch(/Warning: Boundless is running in development mode/);
    expect(wide.output()).toMatch(/NODE_ENV=production AUTH_SECRET=/);
    expect(wide.output()).toMatch(/HOST=127\.0\.0\.1/);
  }, 180_000);

  it("does not warn on loopback addresses or in production", () => {
    const base = completeEnv(parseEnv({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32) }));
    for (const HOST of ["127.0.0.1", "::1", "localhost", "127.0.0.2"])
      expect(developmentExposureWarning({ ...base, HOST }), HOST).toBeNull();
    for (const HOST of ["0.0.0.0", "::", "192.0.2.10"])
      expect(developmentExposureWarning({ ...base, HOST }), HOST).not.toBeNull();
    expect(developmentExposureWarning({ ...base, NODE_ENV: "production" })).toBeNull();
  });
});
