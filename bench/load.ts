import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { startOpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startOpenAIFake } from "#tests/fakes/openai-fake.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startServer } from "#tests/support/server-process.ts";
import { openForSeeding, seedTrips } from "./lib/database.ts";
import { describe as figures, median } from "./lib/stats.ts";
import { Summary } from "./lib/summary.ts";
import { createTripBody, fakeModelReply, readTripStream } from "./lib/generation-client.ts";

/**
 * `npm run load`: a mixed workload on PostgreSQL — sign-in, list, detail, create (through the fake
 * model), chat — from 50 concurrent clients for 60 s against 127.0.0.1 only. Passes when there is no
 * 5xx, no timeout, and every trip whose creation was acknowledged is there afterwards, whole.
 *   npm run load -- --seconds 20 --clients 20
 */
const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    clients: { type: "string", default: "50" },
    users: { type: "string", default: "25" },
  },
});
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const USERS = Number(values.users);
const PORT = 4840;
const FAKE_PORT = 4841;
const REQUEST_TIMEOUT_MS = 30_000;
const SEEDED_TRIPS = 20;

type Op = "sign-in" | "list" | "detail" | "create" | "chat";
const WEIGHTS: [Op, number][] = [
  ["sign-in", 5],
  ["list", 40],
  ["detail", 30],
  ["create", 10],
  ["chat", 15],
];

type User = { email: string; password: string; userId: string; cookie: string; tripIds: string[] };
type Acknowledged = { userId: string; tripId: string; destination: string; days: number };

const origin = `http://127.0.0.1:${PORT}`;
const stats = new Map<
  Op,
  { ok: number; status: Map<number, number>; timeouts: number; errors: number; ms: number[] }
>();
for (const [op] of WEIGHTS)
  stats.set(op, { ok: 0, status: new Map(), timeouts: 0, errors: 0, ms: [] });

function pickOp(): Op {
  const total = WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let r = Math.random() * total;
  for (const [op, w] of WEIGHTS) if ((r -= w) < 0) return op;
  return "list";
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.includes("session_token"))
    .join("; ");

async function main() {
  const summary = new Summary();
  const ai = await startOpenAIFake(
    { tokensPerSecond: 400, firstTokenMs: 100, respond: fakeModelReply },
    FAKE_PORT,
  );
  const weather = await startOpenMeteoFake({ port: FAKE_PORT + 1 });
  const database = await createPrivateDatabase("boundless_load");
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-load-"));
  const server = await startServer(
    {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      APP_ORIGIN: origin,
      AUTH_SECRET: "load-secret-load-secret-load-secret-0123",
      DATABASE_URL: database.url,
      AI_BASE_URL: ai.url,
      AI_API_KEY: "sk-load-test",
      AI_MODEL: "fake-model",
      OPEN_METEO_BASE_URL: weather.url,
      OPEN_METEO_GEOCODING_URL: weather.url,
      AUTH_RATE_LIMIT: "1000000",
      GENERATION_RATE_LIMIT: "1000000",
      GENERATION_IP_RATE_LIMIT: "1000000",
      CHAT_RATE_LIMIT: "1000000",
      OVERPASS_URL: "off",
      // No public router is asked from here (issue 46).
      ROUTING_URL: "off",
      TRANSIT_URL: "off",
      LOG_LEVEL: "warn",
    },
    { via: "npm-start" },
  );
  const acknowledged: Acknowledged[] = [];
  try {
    console.log(
      `Load: ${CLIENTS} clients, ${SECONDS} s, ${USERS} users on PostgreSQL (${database.name})`,
    );
    const users: User[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `load-${i}-${Date.now()}@load.local`;
      const password = "load-password-123";
      const response = await fetch(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email, password, name: `Load ${i}` }),
      });
      if (!response.ok) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { user: { id: string } };
      users.push({
        email,
        password,
        userId: body.user.id,
        cookie: cookieOf(response),
        tripIds: [],
      });
    }
    const seeding = await openForSeeding({ databaseUrl: database.url });
    for (const user of users) {
      await seedTrips(seeding, user.userId, SEEDED_TRIPS);
      const { rows } = await seeding.db.execute<{ id: string }>(
        sql`select id from trips where user_id = ${user.userId}`,
      );
      user.tripIds = rows.map((r) => r.id);
    }

    const probe = async (method: string, url: string, body?: unknown) => {
      const r = await fetch(`${origin}${url}`, {
        method,
        headers: { cookie: users[0]!.cookie, origin, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return !(r.status === 404 && text.includes('"not_found"') && text.includes('"Not found"'));
    };
    const available: Record<Op, boolean> = {
      "sign-in": true,
      detail: true,
      list: await probe("GET", "/api/trips"),
      create: await probe("POST", "/api/trips", {}),
      chat: await probe("POST", "/api/chat", {}),
    };
    for (const [op, on] of Object.entries(available))
      if (!on) console.log(`  ${op}: route not on this checkout, not exercised`);

    const deadline = performance.now() + SECONDS * 1000;
    const one = async (op: Op, user: User) => {
      const started = performance.now();
      const record = stats.get(op)!;
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const headers = { cookie: user.cookie, origin, "content-type": "application/json" };
      try {
        let status: number;
        if (op === "sign-in") {
          const r = await fetch(`${origin}/api/auth/sign-in/email`, {
            method: "POST",
            headers: { "content-type": "application/json", origin },
            body: JSON.stringify({ email: user.email, password: user.password }),
            signal,
          });
          status = r.status;
          await r.arrayBuffer();
        } else if (op === "list") {
          const r = await fetch(`${origin}/api/trips`, { headers, signal });
          status = r.status;
          await r.arrayBuffer();
        } else if (op === "detail") {
          const id = user.tripIds[Math.floor(Math.random() * user.tripIds.length)]!;
          const r = await fetch(`${origin}/api/trips/${id}`, { headers, signal });
          status = r.status;
          await r.arrayBuffer();
        } else if (op === "create") {
          const body = createTripBody(`Load City ${Math.random().toString(36).slice(2, 8)}`, 3);
          const r = await fetch(`${origin}/api/trips`, {
            method: "POST",
            headers: { ...headers, accept: "text/event-stream" },
            body: JSON.stringify(body),
            signal,
          });
          status = r.status;
          if (r.ok) {
            const result = await readTripStream(r);
            if (result.tripId) {
              acknowledged.push({
                userId: user.userId,
                tripId: result.tripId,
                destination: body.destination,
                days: 3,
              });
              user.tripIds.push(result.tripId);
            } else status = result.errorStatus ?? 599;
          } else await r.arrayBuffer();
        } else {
          const r = await fetch(`${origin}/api/chat`, {
            method: "POST",
            headers,
            body: JSON.stringify({
              message: Math.random() < 0.5 ? "What's the weather in Paris?" : "What should I pack?",
              history: [],
            }),
            signal,
          });
          status = r.status;
          await r.arrayBuffer();
        }
        record.status.set(status, (record.status.get(status) ?? 0) + 1);
        if (status < 400) record.ok++;
        record.ms.push(performance.now() - started);
      } catch (error) {
        if ((error as Error).name === "TimeoutError") record.timeouts++;
        else record.errors++;
      }
    };
    const client = async (i: number) => {
      while (performance.now() < deadline) {
        const op = pickOp();
        if (!available[op]) continue;
        await one(op, users[i % users.length]!);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));

    let fiveHundreds = 0;
    let timeouts = 0;
    let errors = 0;
    for (const [op, s] of stats) {
      if (!available[op]) continue;
      const statuses = [...s.status].map(([k, v]) => `${k}×${v}`).join(" ");
      console.log(
        `  ${op.padEnd(8)} ${String(s.ok).padStart(6)} ok, latency median ${figures([median(s.ms)], 0)} ms, ` +
          `p99 ${figures([s.ms.sort((a, b) => a - b)[Math.floor(s.ms.length * 0.99)] ?? 0], 0)} ms, statuses ${statuses}, timeouts ${s.timeouts}, network errors ${s.errors}`,
      );
      for (const [status, n] of s.status) if (status >= 500) fiveHundreds += n;
      timeouts += s.timeouts;
      errors += s.errors;
    }

    // Every acknowledged trip is there, whole, for its owner.
    let missing = 0;
    const check = await openForSeeding({ databaseUrl: database.url });
    for (const trip of acknowledged) {
      const { rows } = await check.db.execute<{ destination: string; days: number }>(
        sql`select destination, jsonb_array_length(itinerary->'days') as days from trips where id = ${trip.tripId} and user_id = ${trip.userId}`,
      );
      if (rows[0]?.destination !== trip.destination || Number(rows[0]?.days) !== trip.days)
        missing++;
    }
    const { rows: counted } = await check.db.execute<{ n: number }>(
      sql`select count(*)::int as n from trips`,
    );
    await check.close();
    const expectedCount = USERS * SEEDED_TRIPS + acknowledged.length;
    summary.add({
      part: "load",
      name: "5xx responses",
      measured: String(fiveHundreds),
      target: "0",
      pass: fiveHundreds === 0,
    });
    summary.add({
      part: "load",
      name: "timeouts / network errors",
      measured: `${timeouts} / ${errors}`,
      target: "0 / 0",
      pass: timeouts + errors === 0,
    });
    if (available.create) {
      summary.add({
        part: "load",
        name: "acknowledged trips present and whole",
        measured: `${acknowledged.length - missing}/${acknowledged.length}; trips table ${counted[0]?.n} rows, expected ${expectedCount}`,
        target: "all, and no extra",
        pass: missing === 0 && counted[0]?.n === expectedCount && acknowledged.length > 0,
      });
    } else
      summary.notMeasured(
        "load",
        "acknowledged trips present and whole",
        "all",
        "POST /api/trips not on this checkout",
      );
    if (!available.chat)
      summary.notMeasured(
        "load",
        "chat under load",
        "no 5xx",
        "POST /api/chat not on this checkout",
      );
    summary.print();
    process.exitCode = summary.results.some((r) => r.pass === false) ? 1 : 0;
  } finally {
    await server.stop();
    await ai.close();
    await weather.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
