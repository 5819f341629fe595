import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#shared/messages.ts";
import { startPrivateCluster } from "#tests/support/private-postgres.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { serverSettings, signInOver, signUpOver, waitFor } from "./support.ts";

// A private cluster: the shared PostgreSQL on 5432 is never stopped.
const CLUSTER_PORT = 4860;
const APP_PORT = 4861;
const FAIL_FAST_MS = 3_000;
const MISSING_TRIP = "00000000-0000-4000-8000-000000000000";

let cluster: ReturnType<typeof startPrivateCluster>;
let server: RunningServer;
let cleanup: () => void;

beforeAll(async () => {
  cluster = startPrivateCluster(CLUSTER_PORT);
  const made = serverSettings(APP_PORT, { databaseUrl: cluster.url });
  cleanup = made.cleanup;
  server = await startServer(made.settings, { timeoutMs: 30_000 });
});

afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
  cleanup?.();
});

async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, body, ms: performance.now() - started, response };
}

describe("PostgreSQL stopped and started under a running server", () => {
  it("answers 503 fast while the database is down and recovers by itself", async () => {
    const origin = `http://127.0.0.1:${APP_PORT}`;
    const user = await signUpOver(server.url, origin, `restart-${Date.now()}@fault.local`);
    const before = await timed(`${server.url}/api/trips/${MISSING_TRIP}`, {
      headers: { cookie: user.cookie },
    });
    expect(before.status).toBe(404);

    cluster.stop();

    // Health, an authenticated API read and a sign-in: each a clear 503, well within the deadline.
    const health = await timed(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(health.body.error?.message).toBe(MESSAGES.databaseUnavailable);
    expect(health.ms).toBeLessThan(FAIL_FAST_MS);

    const read = await timed(`${server.url}/api/trips/${MISSING_TRIP}`, {
      headers: { cookie: user.cookie },
    });
    expect(read.status).toBe(503);
    expect(read.body.error?.message).toBe(MESSAGES.databaseUnavailable);
    expect(read.response.headers.get("retry-after")).toBeTruthy();
    expect(read.ms).toBeLessThan(FAIL_FAST_MS);

    const started = performance.now();
    const signIn = await signInOver(server.url, origin, user.email);
    expect(performance.now() - started).toBeLessThan(FAIL_FAST_MS);
    expect(signIn.status).toBe(503);

    cluster.start();

    // No restart of the app: its pool reconnects on the next request.
    const recoveredIn = await waitFor(async () => {
      const r = await fetch(`${server.url}/api/health`);
      await r.arrayBuffer();
      return r.status === 200;
    }, 15_000);
    expect(recoveredIn).toBeLessThan(15_000);

    const after = await timed(`${server.url}/api/trips/${MISSING_TRIP}`, {
      headers: { cookie: user.cookie },
    });
    expect(after.status).toBe(404);
    expect((await signInOver(server.url, origin, user.email)).status).toBe(200);
  });
});
