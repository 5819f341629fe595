import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { parseEnv } from "#server/env.ts";
import { rawGet } from "./support/raw-http.ts";
import { externalIPv4, serveTestApp } from "#tests/support/serve-app.ts";
import {
  createTestApp,
  fromSocketPeer,
  TEST_ORIGIN,
  type TestApp,
} from "#tests/support/test-app.ts";

// With TRUST_PROXY on and the port reachable directly, anyone could write X-Forwarded-For:
// 127.0.0.1 (or ::1, ::ffff:127.0.0.1, "a, 127.0.0.1"), open the dev outbox and get a fresh
// per-address budget with every request. The header now counts only when the socket's peer is one
// of TRUSTED_PROXIES (loopback by default), read from the right, skipping trusted hops.

const LOOPBACK_CLAIMS = ["127.0.0.1", "::1", "::ffff:127.0.0.1", "a, 127.0.0.1", "127.0.0.1, ::1"];
const external = externalIPv4();

async function outboxStatus(url: string, forwardedFor: string) {
  const res = await fetch(url, { headers: { "X-Forwarded-For": forwardedFor } });
  return res.status;
}

describe("a client reaching the port directly, TRUST_PROXY=true", () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof serveTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    server = await serveTestApp(t, "0.0.0.0");
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it.skipIf(!external)(
    "cannot open the dev outbox by claiming loopback, over a real socket",
    async () => {
      for (const path of ["/api/dev/outbox", "/dev/outbox"]) {
        for (const claim of LOOPBACK_CLAIMS) {
          // Host is this machine's own name, as it would be for a client on it.
          const res = await rawGet(`${server.urlVia(external)}${path}`, {
            Host: "localhost",
            "X-Forwarded-For": claim,
          });
          expect(res.status, `${path} claiming ${claim}`).toBe(404);
        }
      }
    },
  );

  it("cannot open it from any untrusted peer, IPv4-mapped or IPv6", async () => {
    const from = (peer: string) => fromSocketPeer(createApp(t.deps), peer);
    const outbox = (app: ReturnType<typeof createApp>, forwardedFor?: string) =>
      app.request("/api/dev/outbox", {
        headers: {
          Host: "localhost:3000",
          ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
        },
      });
    // The control: a real loopback peer (as a dual-stack socket reports it) is let in.
    expect((await outbox(from("::ffff:127.0.0.1"))).status).toBe(200);
    for (const peer of ["203.0.113.9", "::ffff:203.0.113.9", "2001:db8::9"]) {
      const app = from(peer);
      for (const claim of LOOPBACK_CLAIMS)
        expect((await outbox(app, claim)).status, `${peer} claiming ${claim}`).toBe(404);
    }
  });

  it("still lets this machine's own proxy speak for a local client, and for a remote one", async () => {
    // From loopback (a trusted proxy by default): the address the proxy saw counts.
    expect(await outboxStatus(`${server.urlVia()}/api/dev/outbox`, "127.0.0.1")).toBe(200);
    expect(await outboxStatus(`${server.urlVia()}/api/dev/outbox`, "203.0.113.7")).toBe(404);
    // The client's own "127.0.0.1" before the proxy's entry does not help.
    expect(await outboxStatus(`${server.urlVia()}/api/dev/outbox`, "127.0.0.1, 203.0.113.7")).toBe(
      404,
    );
    // Read from the right, skipping trusted hops: a second proxy on this machine (127.0.0.1)
    // appended after the first, which saw 203.0.113.7.
    expect(await outboxStatus(`${server.urlVia()}/api/dev/outbox`, "203.0.113.7, 127.0.0.1")).toBe(
      404,
    );
  });
});

describe("a peer that is not in TRUSTED_PROXIES", () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof serveTestApp>>;
  beforeAll(async () => {
    // The proxy is elsewhere: this machine's loopback is just another client.
    t = await createTestApp({
      TRUST_PROXY: "true",
      TRUSTED_PROXIES: "192.0.2.250, 2001:db8::/32",
      AUTH_RATE_LIMIT: "3",
    });
    server = await serveTestApp(t);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it("is known by its own address, whatever X-Forwarded-For says", async () => {
    // The peer is loopback, and a forged remote address does not make it anything else.
    expect(await outboxStatus(`${server.urlVia()}/api/dev/outbox`, "203.0.113.7")).toBe(200);
  });

  it("shares one per-address budget however many addresses it claims", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const res = await fetch(`${server.urlVia()}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          Origin: TEST_ORIGIN,
          "Content-Type": "application/json",
          "X-Forwarded-For": `198.51.100.${i}`,
        },
        body: JSON.stringify({ email: "nobody@example.com", password: "wrong password" }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("TRUSTED_PROXIES at start-up", () => {
  it("takes addresses and CIDR ranges, IPv4 and IPv6", () => {
    expect(
      parseEnv({ TRUSTED_PROXIES: "10.0.0.5, 10.0.0.0/8, ::1, fd00::/8" }).TRUSTED_PROXIES,
    ).toEqual([
      { address: "10.0.0.5", prefix: 32, family: "ipv4" },
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
      { address: "::1", prefix: 128, family: "ipv6" },
      { address: "fd00::", prefix: 8, family: "ipv6" },
    ]);
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([
      { address: "127.0.0.1", prefix: 8, family: "ipv4" },
      { address: "::1", prefix: 128, family: "ipv6" },
    ]);
  });

  it.each([
    "proxy.internal",
    "10.0.0.0/33",
    "::1/129",
    "10.0.0.1,,10.0.0.2",
    "10.0.0.0/8/1",
    "10.0.0/8",
  ])("refuses %s, naming the variable", (value) =>
    expect(() => parseEnv({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES: "/),
  );
});
