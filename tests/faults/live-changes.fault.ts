import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEvents } from "#tests/support/live-events.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { postJson, serverSettings, signUpOver } from "./support.ts";

// Two instances on one PostgreSQL: a change saved on one reaches listeners on the other through
// LISTEN/NOTIFY, also after the listening connections were killed. (Ports of the live branch's
// range; the suite's own range is 4850–4879.)
const PORTS = [4548, 4549] as const;
const ORIGIN = "https://boundless.example";

let servers: RunningServer[] = [];
let databaseUrl = "";
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  const database = await createPrivateDatabase("boundless_live");
  databaseUrl = database.url;
  cleanups.push(database.drop);
  for (const port of PORTS) {
    const made = serverSettings(port, { databaseUrl: database.url, origin: ORIGIN });
    cleanups.push(made.cleanup);
    const server = await startServer(made.settings);
    cleanups.push(server.stop);
    servers.push(server);
  }
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  servers = [];
});

async function tripOn(server: RunningServer, cookie: string) {
  const made = await postJson(
    `${server.url}/api/trips`,
    {
      destination: "Made On A",
      startDate: "2030-07-01",
      endDate: "2030-07-02",
      budget: 900,
      travelStyle: "budget",
      interests: ["Food & Dining"],
    },
    { origin: ORIGIN, cookie },
  );
  expect(made.status).toBe(201);
  return ((await made.json()) as { trip: { id: string; version: number } }).trip;
}

const patch = (server: RunningServer, cookie: string, id: string, body: unknown) =>
  fetch(`${server.url}/api/trips/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", origin: ORIGIN, cookie },
    body: JSON.stringify(body),
  });

const listen = async (server: RunningServer, cookie: string, id: string) => {
  const res = await fetch(`${server.url}/api/trips/${id}/events`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return readEvents(res);
};

describe("live changes across two instances", () => {
  it("a change saved on one arrives on a stream opened on the other; presence crosses too", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const user = await signUpOver(a.url, ORIGIN, `live-${Date.now()}@fault.local`);
    const trip = await tripOn(a, user.cookie);
    const onB = await listen(b, user.cookie, trip.id);
    expect((await onB.next("ready"))?.data).toMatchObject({ version: 1 });

    expect((await patch(a, user.cookie, trip.id, { version: 1, name: "Saved on A" })).status).toBe(
      200,
    );
    expect(await onB.next("change")).toMatchObject({
      id: "2",
      data: { version: 2, by: { userId: user.userId }, summary: "Renamed the trip “Saved on A”" },
    });

    // Someone opening the trip on A is announced on B, and so is their leaving.
    const onA = await listen(a, user.cookie, trip.id);
    await onA.next("ready");
    expect((await onB.next("presence"))?.data).toMatchObject({
      online: [{ userId: user.userId, name: "Fault User" }],
    });
    await onA.close();
    expect(await onB.next("presence")).not.toBeNull();
    await onB.close();
  });

  it("a user's 21st stream, opened on B, closes their oldest, open on A; 20 stay open", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const user = await signUpOver(a.url, ORIGIN, `limit-${Date.now()}@fault.local`);
    const trip = await tripOn(a, user.cookie);
    const streams = [];
    for (const server of [
      ...Array<RunningServer>(10).fill(a),
      ...Array<RunningServer>(11).fill(b),
    ]) {
      const stream = await listen(server, user.cookie, trip.id);
      await stream.next("ready");
      streams.push(stream);
    }
    await streams[0]!.ended();
    expect((await patch(a, user.cookie, trip.id, { version: 1, budget: 500 })).status).toBe(200);
    for (const stream of streams.slice(1)) expect((await stream.next("change"))?.id).toBe("2");
    for (const stream of streams) await stream.close();
  });

  it("loses no change when the listening connections are killed", async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    const user = await signUpOver(a.url, ORIGIN, `kill-${Date.now()}@fault.local`);
    const trip = await tripOn(a, user.cookie);
    const onB = await listen(b, user.cookie, trip.id);
    await onB.next("ready");
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Saved while B has no listening connection: B's resync must still tell its stream.
    expect((await patch(a, user.cookie, trip.id, { version: 1, budget: 700 })).status).toBe(200);
    expect((await patch(a, user.cookie, trip.id, { version: 2, budget: 800 })).status).toBe(200);
    expect((await onB.next("change"))?.id).toBe("2");
    expect((await onB.next("change"))?.id).toBe("3");
    // And after the reconnection, changes arrive as before.
    expect((await patch(b, user.cookie, trip.id, { version: 3, budget: 850 })).status).toBe(200);
    expect((await onB.next("change"))?.id).toBe("4");
    await onB.close();
  });
});
