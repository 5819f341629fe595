import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startOpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { startSmtpCatcher } from "#tests/fakes/smtp-catcher.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { collectGarbage } from "./lib/collect-garbage.ts";
import { openLiveStream, type LiveStream } from "./lib/live-stream.ts";
import { inviteMembers, type Member } from "./lib/live-members.ts";
import { runLoad, type LoadFigures } from "./lib/load-test.ts";
import { signUp } from "./lib/session.ts";
import { describe, describeWorst, percentile, worst } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

export type LiveOptions = {
  runs: number;
  /** Measured PATCHes per run, alternating between the instances. */
  patches: number;
  streamsPerInstance: number;
  seconds: number;
  connections: number;
};

export type LivePorts = {
  a: number;
  b: number;
  smtp: number;
  geocoder: number;
  /** Each instance's inspector (loopback), through which the bench collects garbage. */
  inspectA: number;
  inspectB: number;
};

// 25 companions: 250 streams an instance is 10 per user there, under the limit of 20 per user.
const MEMBERS = 25;
const STREAMS_PER_USER_LIMIT = 20;
const WARM_UP_PATCHES = 2;
const OPEN_AT_ONCE = 25;
const SETTLE_MS = 3_000;
const CHANGE_DEADLINE_MS = 5_000;
const PAUSE_BETWEEN_PATCHES_MS = 100;
const TARGET_P99_MS = 250;
const TARGET_RSS_KB = 30;
const TARGET_RPS_RATIO = 0.9;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type RunFigures = {
  /** Every (stream, PATCH) pair: the `change` read minus the moment the PATCH's 200 arrived. */
  afterAnswer: number[];
  /** The same pairs from the moment the PATCH was sent. */
  afterSent: number[];
  missing: number;
  lost: number;
  /** Per instance: resident KB added by its open streams, divided by their number. */
  rssPerStreamKb: number[];
  rssBeforeMb: number[];
  rssAfterMb: number[];
  loaded: string;
  /** Without streams: just before they open and just after they closed. */
  without: LoadFigures[];
  with: LoadFigures;
};

/** Opens `perInstance` streams on each instance, members taking turns, a batch at a time. */
async function openStreams(
  servers: RunningServer[],
  members: Member[],
  tripId: string,
  perInstance: number,
): Promise<LiveStream[][]> {
  const opened: LiveStream[][] = servers.map(() => []);
  try {
    for (const [index, server] of servers.entries()) {
      for (let start = 0; start < perInstance; start += OPEN_AT_ONCE) {
        const batch = Array.from(
          { length: Math.min(OPEN_AT_ONCE, perInstance - start) },
          (_, i) => members[(start + i) % members.length]!,
        );
        opened[index]!.push(
          ...(await Promise.all(
            batch.map((m) => openLiveStream(`${server.url}/api/trips/${tripId}/events`, m.cookie)),
          )),
        );
      }
    }
    return opened;
  } catch (error) {
    for (const stream of opened.flat()) stream.close();
    throw error;
  }
}

/** Waits (bounded) until every stream has read the `change` of `version`. */
async function everyStreamHas(streams: LiveStream[], version: number) {
  const deadline = performance.now() + CHANGE_DEADLINE_MS;
  while (performance.now() < deadline) {
    if (streams.every((s) => s.changes.has(version))) return;
    await sleep(2);
  }
}

/**
 * `live`: two instances of the product (`npm start`) on one private PostgreSQL database, a trip with
 * an owner and 25 companions (invited and accepted through the API, their addresses verified by the
 * mailed links), and `streamsPerInstance` real SSE streams on each instance. Each run: GET /api/trips
 * at `connections` for `seconds` without streams; the streams opened; each instance's resident memory
 * before and after them; the same load with them open; then PATCHes alternating between the
 * instances, each timed from its 200 to its `change` on every stream.
 */
export async function benchLive(ports: LivePorts, summary: Summary, options: LiveOptions) {
  if (options.streamsPerInstance > MEMBERS * STREAMS_PER_USER_LIMIT)
    throw new Error(`at most ${MEMBERS * STREAMS_PER_USER_LIMIT} streams an instance`);
  const smtp = await startSmtpCatcher({ port: ports.smtp });
  const geocoder = await startOpenMeteoFake({ port: ports.geocoder });
  const privateDb = await createPrivateDatabase("boundless_bench_live");
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  let open: LiveStream[][] = [];
  // Both instances answer for one origin (instance A's), as behind one load balancer.
  const origin = `http://127.0.0.1:${ports.a}`;
  try {
    for (const [port, inspect] of [
      [ports.a, ports.inspectA],
      [ports.b, ports.inspectB],
    ] as const) {
      const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-live-"));
      dirs.push(dataDir);
      servers.push(
        await startServer(
          {
            PORT: String(port),
            DATA_DIR: dataDir,
            APP_ORIGIN: origin,
            AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
            AUTH_RATE_LIMIT: "100000",
            INVITE_RATE_LIMIT: "1000",
            SMTP_URL: smtp.url,
            OVERPASS_URL: "off",
            // No public router is asked from here (issue 46).
            ROUTING_URL: "off",
            TRANSIT_URL: "off",
            // No outside requests in a benchmark: costs in USD, no exchange rates.
            FX_URL: "off",
            OPEN_METEO_GEOCODING_URL: geocoder.url,
            OPEN_METEO_BASE_URL: geocoder.url,
            LOG_LEVEL: "warn",
            DATABASE_URL: privateDb.url,
          },
          { timeoutMs: 120_000, via: "npm-start", nodeArgs: [`--inspect=127.0.0.1:${inspect}`] },
        ),
      );
    }
    const a = servers[0]!;
    const stamp = Date.now();
    const owner = await signUp(a.url, origin, `live-owner-${stamp}@bench.local`);
    const headers = { cookie: owner.cookie, origin, "content-type": "application/json" };
    const created = await fetch(`${a.url}/api/trips`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        destination: "Lisbon, Portugal",
        startDate: "2027-05-01",
        endDate: "2027-05-04",
        budget: 2000,
        interests: ["Food & Dining", "History"],
      }),
    });
    if (created.status !== 201)
      throw new Error(`create ${created.status}: ${(await created.text()).slice(0, 200)}`);
    const trip = ((await created.json()) as { trip: { id: string; version: number } }).trip;
    let version = trip.version;
    const members = await inviteMembers({
      url: a.url,
      origin,
      smtp,
      owner,
      tripId: trip.id,
      count: MEMBERS,
      stamp,
    });
    console.log(`  trip ${trip.id}: owner and ${members.length} companions, all through the API`);

    const patch = async (server: RunningServer, k: number) => {
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/trips/${trip.id}`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ version, name: `Lisbon together ${k}` }),
        signal: AbortSignal.timeout(15_000),
      });
      const answered = performance.now();
      const text = await response.text();
      if (response.status !== 200)
        throw new Error(`PATCH ${response.status}: ${text.slice(0, 200)}`);
      version = (JSON.parse(text) as { trip: { version: number } }).trip.version;
      return { sent, answered, version };
    };
    const list = (server: RunningServer, seconds = options.seconds) =>
      runLoad({
        url: `${server.url}/api/trips`,
        connections: options.connections,
        seconds,
        headers: { cookie: owner.cookie },
      });
    // Resident memory after a full collection in both instances (and a moment for the pages freed).
    const residentMb = async () => {
      await Promise.all([ports.inspectA, ports.inspectB].map(collectGarbage));
      await sleep(1_000);
      return servers.map((s) => s.rssMb());
    };
    const alive = () => {
      for (const server of servers) {
        const exit = server.exit();
        if (exit) throw new Error(`an instance died (${exit}):\n${server.output().slice(-3000)}`);
      }
    };

    // Warm-up: the code of streams, PATCHes and the list loaded and compiled on both instances
    // before the first memory figure, so that it is the streams' and not the code's.
    for (const server of servers) await list(server, 2);
    open = await openStreams(servers, members, trip.id, MEMBERS);
    for (let k = 0; k < WARM_UP_PATCHES; k++) {
      const { version: v } = await patch(servers[k % 2]!, -1 - k);
      await everyStreamHas(open.flat(), v);
    }
    for (const stream of open.flat()) stream.close();
    open = [];
    await sleep(SETTLE_MS);

    const runs: RunFigures[] = [];
    for (let run = 0; run < options.runs; run++) {
      const loadedIndex = run % 2;
      const loaded = servers[loadedIndex]!;
      const without = [await list(loaded)];
      alive();
      await sleep(SETTLE_MS);
      const rssBeforeMb = await residentMb();
      open = await openStreams(servers, members, trip.id, options.streamsPerInstance);
      await sleep(SETTLE_MS);
      const rssAfterMb = await residentMb();
      const rssPerStreamKb = servers.map(
        (_, i) => ((rssAfterMb[i]! - rssBeforeMb[i]!) * 1024) / options.streamsPerInstance,
      );
      const withStreams = await list(loaded);
      alive();

      const streams = open.flat();
      const afterAnswer: number[] = [];
      const afterSent: number[] = [];
      let missing = 0;
      for (let k = 0; k < options.patches; k++) {
        const at = await patch(servers[k % 2]!, run * 1_000 + k);
        await everyStreamHas(streams, at.version);
        for (const stream of streams) {
          const read = stream.changes.get(at.version);
          if (read === undefined) missing++;
          else {
            afterAnswer.push(read - at.answered);
            afterSent.push(read - at.sent);
          }
        }
        await sleep(PAUSE_BETWEEN_PATCHES_MS);
      }
      const lost = streams.filter((s) => s.lostBecause() !== null).length;
      for (const stream of streams) stream.close();
      open = [];
      await sleep(SETTLE_MS);
      // Again without: "without" is the mean of the runs on either side of "with", so that a
      // neighbour's load changing over the run favours neither.
      without.push(await list(loaded));
      alive();
      const figures: RunFigures = {
        afterAnswer,
        afterSent,
        missing,
        lost,
        rssPerStreamKb,
        rssBeforeMb,
        rssAfterMb,
        loaded: loadedIndex === 0 ? "A" : "B",
        without,
        with: withStreams,
      };
      runs.push(figures);
      console.log(
        `    live run ${run + 1}/${options.runs}: change after the 200 p50 ` +
          `${percentile(afterAnswer, 50).toFixed(1)} ms, p99 ${percentile(afterAnswer, 99).toFixed(1)} ms, ` +
          `max ${Math.max(...afterAnswer).toFixed(1)} ms (${afterAnswer.length} pairs, ${missing} missing, ` +
          `${lost} streams lost); RSS A ${rssBeforeMb[0]!.toFixed(1)} → ${rssAfterMb[0]!.toFixed(1)} MB, ` +
          `B ${rssBeforeMb[1]!.toFixed(1)} → ${rssAfterMb[1]!.toFixed(1)} MB (${rssPerStreamKb
            .map((k) => k.toFixed(1))
            .join(" / ")} KB a stream); GET /api/trips on ${figures.loaded}: ` +
          `${without.map((w) => w.rps.toFixed(0)).join(" and ")} req/s without, ${withStreams.rps.toFixed(0)} with ` +
          `(${((withStreams.rps / rpsWithout(figures)) * 100).toFixed(1)} %), p99 ${without.map((w) => w.p99).join(" and ")} / ${withStreams.p99} ms`,
      );
    }
    reportLive(runs, summary, options);
  } finally {
    for (const stream of open.flat()) stream.close();
    for (const server of servers) await server.stop();
    await smtp.close();
    await geocoder.close();
    await privateDb.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

const rpsWithout = (r: RunFigures) => r.without.reduce((s, f) => s + f.rps, 0) / r.without.length;

function reportLive(runs: RunFigures[], summary: Summary, options: LiveOptions) {
  const part = "live";
  const pairs = runs.reduce((n, r) => n + r.afterAnswer.length + r.missing, 0);
  const p50s = runs.map((r) => percentile(r.afterAnswer, 50));
  const p99s = runs.map((r) => percentile(r.afterAnswer, 99));
  const sentP99s = runs.map((r) => percentile(r.afterSent, 99));
  const perStream = runs.flatMap((r) => r.rssPerStreamKb);
  const ratios = runs.map((r) => (r.with.rps / rpsWithout(r)) * 100);
  const errors = runs.reduce(
    (n, r) => n + [r.with, ...r.without].reduce((s, f) => s + f.errors + f.non2xx + f.timeouts, 0),
    0,
  );
  const missing = runs.reduce((n, r) => n + r.missing + r.lost, 0);
  const total = options.streamsPerInstance * 2;
  console.log(
    `\n  live: 2 instances on one PostgreSQL, ${total} streams (${options.streamsPerInstance} each, ` +
      `${MEMBERS} companions), ${options.patches} PATCHes a run alternating A/B, ${runs.length} runs; ` +
      `figures are median (min–max) of the runs, targets on the worst run`,
  );
  summary.add({
    part,
    name: `change on every stream after the PATCH's 200: p99 (${total} streams × ${options.patches} PATCHes a run)`,
    measured: describeWorst(p99s, "lower", 1, " ms"),
    target: `< ${TARGET_P99_MS} ms`,
    pass: worst(p99s, "lower") < TARGET_P99_MS && missing === 0,
  });
  summary.add({
    part,
    name: "change on every stream after the PATCH's 200: p50",
    measured: describeWorst(p50s, "lower", 1, " ms"),
    target: "(information)",
    pass: "info",
  });
  summary.add({
    part,
    name: "change on every stream after the PATCH was sent: p99",
    measured: describeWorst(sentP99s, "lower", 1, " ms"),
    target: "(information)",
    pass: "info",
  });
  summary.add({
    part,
    name: "changes missing or streams lost",
    measured: `${missing} of ${pairs} pairs`,
    target: "0",
    pass: missing === 0,
  });
  summary.add({
    part,
    name: `server RSS per open stream (${options.streamsPerInstance} on each instance, after a full GC)`,
    measured: `${describeWorst(perStream, "lower", 1, " KB")} (A and B of each run)`,
    target: `< ${TARGET_RSS_KB} KB`,
    pass: worst(perStream, "lower") < TARGET_RSS_KB,
  });
  summary.add({
    part,
    name: `GET /api/trips req/s with ${total} streams open vs without (${options.connections} conn, ${options.seconds} s)`,
    measured: `${describeWorst(ratios, "higher", 1, " %")} (${describe(
      runs.map((r) => r.with.rps),
      0,
    )} vs ${describe(runs.map(rpsWithout), 0)} req/s)`,
    target: `>= ${TARGET_RPS_RATIO * 100} % (within 10 %)`,
    pass: worst(ratios, "higher") >= TARGET_RPS_RATIO * 100,
  });
  summary.add({
    part,
    name: "GET /api/trips errors+non-2xx+timeouts",
    measured: String(errors),
    target: "0",
    pass: errors === 0,
  });
}
