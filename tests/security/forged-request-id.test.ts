import { afterAll, describe, expect, it } from "vitest";
import { serveTestApp } from "#tests/support/serve-app.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { captureLogs } from "./support/log-capture.ts";

// Any client's X-Request-Id was adopted into our logs and answers: a client could plant a
// misleading id, or another request's, in the log an operator reads. The id is kept only from a
// trusted proxy (TRUST_PROXY and a peer in TRUSTED_PROXIES); anyone else gets one of ours.

const FORGED = "forged-id-1234";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const opened: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const item of opened.reverse()) await item.close();
});

/** A test app over a real loopback socket, with its log lines captured. */
async function served(settings: Record<string, string>) {
  const logs = captureLogs();
  const t: TestApp = await createTestApp(
    { LOG_LEVEL: "info", ...settings },
    {},
    { logTo: logs.stream },
  );
  const server = await serveTestApp(t);
  opened.push(t, server);
  const get = async (requestId: string) => {
    logs.clear();
    const res = await fetch(`${server.urlVia()}/api/health`, {
      headers: { "X-Request-Id": requestId },
    });
    expect(res.status).toBe(200);
    const logged = logs.lines().find((line) => line.msg === "request")?.requestId;
    return { answered: res.headers.get("x-request-id"), logged };
  };
  return { get };
}

describe("X-Request-Id from a client", () => {
  it("is replaced by our own without TRUST_PROXY, in the answer and the log", async () => {
    const { get } = await served({});
    const { answered, logged } = await get(FORGED);
    expect(answered).toMatch(UUID);
    expect(logged).toBe(answered);
  });

  it("is replaced from a peer that is not a trusted proxy, even with TRUST_PROXY", async () => {
    const { get } = await served({ TRUST_PROXY: "true", TRUSTED_PROXIES: "192.0.2.250" });
    const { answered, logged } = await get(FORGED);
    expect(answered).toMatch(UUID);
    expect(logged).toBe(answered);
  });

  it("is kept from a trusted proxy, so its logs and ours line up, if well-formed", async () => {
    const { get } = await served({ TRUST_PROXY: "true" });
    expect(await get(FORGED)).toEqual({ answered: FORGED, logged: FORGED });
    // Not even a trusted proxy's id goes into the log unchecked.
    for (const bad of ["has spaces in it", "x".repeat(256), "new\\nline"]) {
      const { answered, logged } = await get(bad);
      expect(answered, bad).toMatch(UUID);
      expect(logged, bad).toBe(answered);
    }
  });
});
