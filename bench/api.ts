import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openForSeeding, seedTrips } from "./lib/database.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { runLoad, type LoadFigures } from "./lib/load-test.ts";
import { startBareServer, startServer, type RunningServer } from "#tests/support/server-process.ts";
import { signUp } from "./lib/session.ts";
import { describe, median } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

export type ApiOptions = { runs: number; seconds: number; connections: number; restarts: number };

const LARGE = 10_000;
const SMALL = 20;
const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123";

type Target = { label: string; path: string; cookie: string };

/**
 * What "the first page of trips" is on this checkout: GET /api/trips when the list route exists,
 * otherwise GET /api/trips/:id of the user's newest trip (so the harness runs before the list lands).
 */
async function resolvePath(server: RunningServer, cookie: string, expected: number) {
  const response = await fetch(`${server.url}/api/trips`, { headers: { cookie } });
  const text = await response.text();
  if (response.status === 200) {
    const body = JSON.parse(text) as Record<string, unknown>;
    const list = Object.values(body).find(Array.isArray) as unknown[] | undefined;
    if (!list || list.length !== Math.min(20, expected))
      throw new Error(
        `GET /api/trips returned ${list?.length ?? "no"} trips, wanted 20: ${text.slice(0, 200)}`,
      );
    return { path: "/api/trips", route: "GET /api/trips (first page, 20)" };
  }
  return { path: "", route: "GET /api/trips/:id (list route not on this checkout)" };
}

async function newestTripId(target: { dataDir?: string; databaseUrl?: string }, userId: string) {
  const database = await openForSeeding(target);
  const result = await database.db.execute<{ id: string }>(
    sql`select id from trips where user_id = ${userId} order by created_at desc limit 1`,
  );
  await database.close();
  const id = result.rows[0]?.id;
  if (!id) throw new Error("seeded user has no trip");
  return id;
}

export type ApiPhaseResult = {
  kind: "pglite" | "postgres";
  firstStartMs: number;
  restartMs: number[];
  rssIdleMb: number;
  rssAfterMb: number;
  route: string;
  bare: LoadFigures[];
  small: LoadFigures[];
  large: LoadFigures[];
};

/** Start-up, memory and the list benchmark on one database kind, all in one server's lifetime. */
export async function benchApi(
  kind: "pglite" | "postgres",
  port: number,
  barePort: number,
  options: ApiOptions,
): Promise<ApiPhaseResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `boundless-bench-${kind}-`));
  const privateDb = kind === "postgres" ? await createPrivateDatabase() : undefined;
  const target = { dataDir, databaseUrl: privateDb?.url };
  const origin = `http://127.0.0.1:${port}`;
  const settings = {
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ORIGIN: origin,
    AUTH_SECRET: BENCH_SECRET,
    AUTH_RATE_LIMIT: "1000",
    ...(privateDb ? { DATABASE_URL: privateDb.url } : {}),
  };
  let server: RunningServer | undefined;
  const bare = await startBareServer(barePort);
  try {
    server = await startServer(settings);
    const firstStartMs = server.readyMs;
    const stamp = Date.now();
    const large = await signUp(server.url, origin, `large-${stamp}@bench.local`);
    const small = await signUp(server.url, origin, `small-${stamp}@bench.local`);
    // PGlite allows one process per data dir: seed between a stop and a restart.
    await server.stop();
    const seeding = await openForSeeding(target);
    await seedTrips(seeding, large.userId, LARGE);
    await seedTrips(seeding, small.userId, SMALL);
    await seeding.close();
    const restartMs: number[] = [];
    for (let i = 0; i < options.restarts; i++) {
      if (i > 0) await server.stop();
      server = await startServer(settings);
      restartMs.push(server.readyMs);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const rssIdleMb = server.rssMb();

    const resolved = await resolvePath(server, large.cookie, LARGE);
    let largePath = resolved.path;
    let smallPath = resolved.path;
    if (!resolved.path) {
      await server.stop();
      largePath = `/api/trips/${await newestTripId(target, large.userId)}`;
      smallPath = `/api/trips/${await newestTripId(target, small.userId)}`;
      server = await startServer(settings);
    }
    const targets: Target[] = [
      { label: "large", path: largePath, cookie: large.cookie },
      { label: "small", path: smallPath, cookie: small.cookie },
    ];
    const figures = {
      bare: [] as LoadFigures[],
      small: [] as LoadFigures[],
      large: [] as LoadFigures[],
    };
    const load = { connections: options.connections, seconds: options.seconds };
    // A short warm-up so JIT and connection pools are in their steady state.
    await runLoad({
      url: `${server.url}${smallPath}`,
      ...load,
      seconds: 2,
      headers: { cookie: small.cookie },
    });
    for (let run = 0; run < options.runs; run++) {
      // Interleaved, so that a noisy neighbour hurts every series alike.
      figures.bare.push(await runLoad({ url: bare.url, ...load }));
      for (const t of targets) {
        const f = await runLoad({
          url: `${server.url}${t.path}`,
          ...load,
          headers: { cookie: t.cookie },
        });
        figures[t.label as "small" | "large"].push(f);
      }
      console.log(
        `    ${kind} run ${run + 1}/${options.runs}: bare ${figures.bare.at(-1)!.rps.toFixed(0)} req/s, ` +
          `${SMALL} trips ${figures.small.at(-1)!.rps.toFixed(0)} req/s, ${LARGE} trips ${figures.large.at(-1)!.rps.toFixed(0)} req/s`,
      );
    }
    const rssAfterMb = server.rssMb();
    return {
      kind,
      firstStartMs,
      restartMs,
      rssIdleMb,
      rssAfterMb,
      route: resolved.route,
      ...figures,
    };
  } finally {
    await server?.stop();
    await bare.stop();
    await privateDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints one database's figures and records its targets. */
export function reportApi(result: ApiPhaseResult, summary: Summary) {
  const { kind } = result;
  const part = `API ${kind}`;
  console.log(
    `\n  ${part}: ${result.route}, figures are median (min–max) over ${result.bare.length} runs`,
  );
  const bareRps = result.bare.map((f) => f.rps);
  console.log(
    `    bare node:http        ${describe(bareRps, 0)} req/s, p99 ${describe(
      result.bare.map((f) => f.p99),
      0,
    )} ms`,
  );
  for (const [series, count] of [
    [result.small, SMALL],
    [result.large, LARGE],
  ] as const) {
    const ratios = series.map((f, i) => f.rps / result.bare[i]!.rps);
    const errors = series.reduce((s, f) => s + f.errors + f.non2xx + f.timeouts, 0);
    console.log(
      `    user with ${String(count).padEnd(6)} ${describe(
        series.map((f) => f.rps),
        0,
      )} req/s, ` +
        `p50 ${describe(
          series.map((f) => f.p50),
          0,
        )} ms, p99 ${describe(
          series.map((f) => f.p99),
          0,
        )} ms, ` +
        `ratio to bare ${describe(
          ratios.map((r) => r * 100),
          0,
        )} %, errors+non-2xx+timeouts ${errors}`,
    );
    const p99 = median(series.map((f) => f.p99));
    const ratio = median(ratios);
    const strict = kind === "postgres";
    summary.add({
      part,
      name: `${count} trips: p99 at 50 conn`,
      measured: `${describe(
        series.map((f) => f.p99),
        0,
      )} ms`,
      target: strict ? "< 50 ms" : "< 50 ms (target is for PostgreSQL; informative)",
      pass: strict ? p99 < 50 : p99 < 50,
    });
    summary.add({
      part,
      name: `${count} trips: req/s vs bare`,
      measured: `${describe(
        ratios.map((r) => r * 100),
        0,
      )} %`,
      target: ">= 25 %",
      pass: ratio >= 0.25,
    });
    summary.add({
      part,
      name: `${count} trips: errors`,
      measured: String(errors),
      target: "0",
      pass: errors === 0,
    });
  }
  summary.add({
    part: "start-up",
    name: `${kind}: first start (${kind === "pglite" ? "initdb + migrate" : "migrate empty db"})`,
    measured: `${result.firstStartMs.toFixed(0)} ms`,
    target: kind === "pglite" ? "informative (initdb once per install)" : "< 2000 ms",
    pass: kind === "pglite" ? true : result.firstStartMs < 2000,
  });
  summary.add({
    part: "start-up",
    name: `${kind}: restart on existing data`,
    measured: `${describe(result.restartMs, 0, " ms")}`,
    target: "< 2000 ms",
    pass: median(result.restartMs) < 2000,
  });
  summary.add({
    part: "memory",
    name: `${kind}: RSS idle`,
    measured: `${result.rssIdleMb.toFixed(0)} MB`,
    target: "< 250 MB",
    pass: result.rssIdleMb < 250,
  });
  summary.add({
    part: "memory",
    name: `${kind}: RSS after API bench`,
    measured: `${result.rssAfterMb.toFixed(0)} MB`,
    target: "< 250 MB",
    pass: result.rssAfterMb < 250,
  });
}
