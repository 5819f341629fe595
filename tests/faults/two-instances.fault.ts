import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { postJson, serverSettings, signUpOver } from "./support.ts";

// Two instances behind one public origin (as behind a load balancer), one PostgreSQL database.
const PORTS = [4870, 4871] as const;
const ORIGIN = "https://boundless.example";
const AUTH_LIMIT = 4;

let servers: RunningServer[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  const database = await createPrivateDatabase("boundless_fault");
  cleanups.push(database.drop);
  // The first instance migrates; the second starts on the migrated database.
  for (const port of PORTS) {
    const made = serverSettings(port, { databaseUrl: database.url, origin: ORIGIN });
    cleanups.push(made.cleanup);
    const server = await startServer({ ...made.settings, AUTH_RATE_LIMIT: String(AUTH_LIMIT) });
    cleanups.push(server.stop);
    servers.push(server);
  }
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  servers = [];
});

describe("two app instances on one PostgreSQL", () => {
  it("accepts on one instance a session made on the other", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const user = await signUpOver(a.url, ORIGIN, `two-${Date.now()}@fault.local`);
    const onB = await fetch(`${b.url}/api/auth/get-session`, { headers: { cookie: user.cookie } });
    expect(onB.status).toBe(200);
    const body = (await onB.json()) as { user?: { id: string } } | null;
    expect(body?.user?.id).toBe(user.userId);

    // Signing out on B ends the session on A too.
    const out = await postJson(
      `${b.url}/api/auth/sign-out`,
      {},
      { cookie: user.cookie, origin: ORIGIN },
    );
    expect(out.status).toBe(200);
    const onA = await fetch(`${a.url}/api/auth/get-session`, { headers: { cookie: user.cookie } });
    expect(await onA.json()).toBeNull();
  });

  it("counts a rate limit across both instances", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const attempt = (server: RunningServer) =>
      postJson(
        `${server.url}/api/auth/sign-in/email`,
        { email: "nobody@fault.local", password: "wrong-password-1" },
        { origin: ORIGIN },
      );
    const statuses: number[] = [];
    // Alternate instances: AUTH_LIMIT attempts are allowed in total, not per instance.
    for (let i = 0; i < AUTH_LIMIT; i++) statuses.push((await attempt(i % 2 ? b : a)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const overA = await attempt(a);
    const overB = await attempt(b);
    expect(overA.status).toBe(429);
    expect(overB.status).toBe(429);
  });
});
