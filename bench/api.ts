import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { firstTripId, openForSeeding, seedTrips } from "./lib/database.ts";
import { createPrivateDatabase } from "#tests/support/private-postgres.ts";
import { runLoad, type LoadFigures } from "./lib/load-test.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { startFrankfurterFake } from "#tests/fakes/frankfurter-fake.ts";
import { startBareDbServer, type BareServer } from "./lib/bare-server.ts";
import { signUp } from "./lib/session.ts";
import { measureTemplatePeakMb } from "./lib/template-peak.ts";
import { describe, describeWorst, worst } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

export type ApiOptions = {
  runs: number;
  seconds: number;
  connections: number;
  restarts: number;
  /** The loopback Frankfurter fake's port: GET /api/trips/:id with rates; none: FX_URL=off. */
  fxPort?: number | undefined;
};

const LARGE = 10_000;
const SMALL = 20;
const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123";

type Label = "small" | "large" | "trip";
type Target = { label: Label; path: string; cookie: string };

/** What each series measures, as the report names it. */
const SERIES: { label: Label; name: string }[] = [
  { label: "small", name: `GET /api/trips, ${SMALL} trips` },
  { label: "large", name: `GET /api/trips, ${LARGE} trips` },
  { label: "trip", name: "GET /api/trips/:id" },
];

/** Peak resident memory of a process so far (VmHWM), from /proc (Linux). */
function peakRssMb(pid: number): number {
  const kbLine = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return kbLine ? Number(kbLine[1]) / 1024 : Number.NaN;
}

/** Both servers must answer the same JSON, or the comparison means nothing. */
async function assertSameAnswer(
  server: RunningServer,
  bare: BareServer,
  path: string,
  cookie: string,
) {
  const [ours, theirs] = await Promise.all(
    [server.url, bare.url].map(async (base) => {
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      return { status: response.status, body: await response.text() };
    }),
  );
  if (ours!.status !== 200 || theirs!.status !== 200 || ours!.body !== theirs!.body) {
    // Where they part: the first character that differs, with some context on each side.
    let at = 0;
    while (at < ours!.body.length && ours!.body[at] === theirs!.body[at]) at++;
    const around = (body: string) => body.slice(Math.max(0, at - 150), at + 150);
    throw new Error(
      `the bare server does not answer like the product (${ours!.status} vs ${theirs!.status}) ` +
        `from character ${at}:\n${around(ours!.body)}\n${around(theirs!.body)}`,
    );
  }
}

/** GET /api/trips must answer the first page (20 trips) for the seeded user. */
async function checkFirstPage(server: RunningServer, cookie: string) {
  const response = await fetch(`${server.url}/api/trips`, { headers: { cookie } });
  const text = await response.text();
  const list = response.ok ? (JSON.parse(text) as { trips?: unknown[] }).trips : undefined;
  if (list?.length !== 20)
    throw new Error(`GET /api/trips: ${response.status}, wanted 20 trips: ${text.slice(0, 200)}`);
}

type Figures = Record<Label, LoadFigures[]>;

export type ApiPhaseResult = {
  kind: "pglite" | "postgres";
  firstStartMs: number;
  firstStartPeakMb: number;
  /** PGlite only: the peak of the child that makes the embedded database's template (its initdb). */
  templatePeakMb?: number;
  restartMs: number[];
  rssIdleMb: number;
  rssAfterMb: number;
  rssAfterSignInMb: number;
  route: string;
  connections: number;
  bare: Figures;
  ours: Figures;
};

/** Start-up, memory and the list benchmark on one database kind, all in one server's lifetime. */
export async function benchApi(
  kind: "pglite" | "postgres",
  port: number,
  barePort: number,
  options: ApiOptions,
): Promise<ApiPhaseResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `boundless-bench-${kind}-`));
  const bareDir = mkdtempSync(path.join(tmpdir(), `boundless-bench-bare-`));
  const privateDb = kind === "postgres" ? await createPrivateDatabase() : undefined;
  const target = { dataDir, databaseUrl: privateDb?.url };
  const fx =
    options.fxPort === undefined ? undefined : await startFrankfurterFake({ port: options.fxPort });
  const origin = `http://127.0.0.1:${port}`;
  const settings = {
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ORIGIN: origin,
    AUTH_SECRET: BENCH_SECRET,
    AUTH_RATE_LIMIT: "1000",
    OVERPASS_URL: "off",
    // No public router is asked from here (issue 46).
    ROUTING_URL: "off",
    TRANSIT_URL: "off",
    // No outside requests in a benchmark: rates from the loopback fake (as the product runs, with
    // its hot read of them on GET /api/trips/:id), or none at all with --fx off.
    FX_URL: fx?.url ?? "off",
    ...(privateDb ? { DATABASE_URL: privateDb.url } : {}),
  };
  let server: RunningServer | undefined;
  let bare: BareServer | undefined;
  try {
    const templatePeakMb = kind === "pglite" ? measureTemplatePeakMb() : undefined;
    server = await startServer(settings, { timeoutMs: 300_000, via: "npm-start" });
    const firstStartMs = server.readyMs;
    const stamp = Date.now();
    const large = await signUp(server.url, origin, `large-${stamp}@bench.local`);
    const small = await signUp(server.url, origin, `small-${stamp}@bench.local`);
    const firstStartPeakMb = peakRssMb(server.pid);
    // PGlite allows one process per data dir: seed between a stop and a restart.
    await server.stop();
    const seeding = await openForSeeding(target);
    await seedTrips(seeding, large.userId, LARGE);
    await seedTrips(seeding, small.userId, SMALL);
    const tripId = await firstTripId(seeding, small.userId);
    await seeding.close();
    // The bare PGlite server reads its own copy of the seeded data.
    if (kind === "pglite")
      cpSync(path.join(dataDir, "db"), path.join(bareDir, "db"), { recursive: true });
    bare = await startBareDbServer({
      port: barePort,
      secret: BENCH_SECRET,
      cookieName: small.cookie.slice(0, small.cookie.indexOf("=")),
      ...(privateDb ? { databaseUrl: privateDb.url } : { pgliteDir: path.join(bareDir, "db") }),
      ...(fx ? { fxUrl: fx.url } : {}),
    });
    const restartMs: number[] = [];
    for (let i = 0; i < options.restarts; i++) {
      if (i > 0) await server.stop();
      server = await startServer(settings, { timeoutMs: 300_000, via: "npm-start" });
      restartMs.push(server.readyMs);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const rssIdleMb = server.rssMb();

    await checkFirstPage(server, large.cookie);
    await assertSameAnswer(server, bare, "/api/trips", small.cookie);
    await assertSameAnswer(server, bare, "/api/trips", large.cookie);
    await assertSameAnswer(server, bare, `/api/trips/${tripId}`, small.cookie);
    const targets: Target[] = [
      { label: "large", path: "/api/trips", cookie: large.cookie },
      { label: "small", path: "/api/trips", cookie: small.cookie },
      { label: "trip", path: `/api/trips/${tripId}`, cookie: small.cookie },
    ];
    const bareFigures: Figures = { small: [], large: [], trip: [] };
    const ours: Figures = { small: [], large: [], trip: [] };
    const load = { connections: options.connections, seconds: options.seconds };
    // A short warm-up so JIT and connection pools are in their steady state.
    for (const base of [server.url, bare.url])
      await runLoad({
        url: `${base}/api/trips`,
        ...load,
        seconds: 2,
        headers: { cookie: small.cookie },
      });
    for (let run = 0; run < options.runs; run++) {
      // Interleaved, so that a noisy neighbour hurts every series alike.
      for (const t of targets) {
        const headers = { cookie: t.cookie };
        bareFigures[t.label].push(await runLoad({ url: `${bare.url}${t.path}`, ...load, headers }));
        ours[t.label].push(await runLoad({ url: `${server.url}${t.path}`, ...load, headers }));
        const exit = server.exit();
        if (exit)
          throw new Error(
            `the server died during the ${t.label} run (${exit}):\n${server.output().slice(-3000)}`,
          );
      }
      const rps = (f: LoadFigures[]) => f.at(-1)!.rps.toFixed(0);
      console.log(
        `    ${kind} run ${run + 1}/${options.runs}: ` +
          SERIES.map(
            (s) => `${s.name} ${rps(ours[s.label])} req/s (bare ${rps(bareFigures[s.label])})`,
          ).join(", "),
      );
    }
    const rssAfterMb = server.rssMb();
    // Better Auth loads with the first auth request (lazy-auth.ts): the figure with it loaded.
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: small.email, password: small.password }),
    });
    if (!signIn.ok) throw new Error(`sign-in after the bench: ${signIn.status}`);
    await new Promise((r) => setTimeout(r, 500));
    const rssAfterSignInMb = server.rssMb();
    return {
      rssAfterSignInMb,
      kind,
      firstStartMs,
      firstStartPeakMb,
      ...(templatePeakMb === undefined ? {} : { templatePeakMb }),
      restartMs,
      rssIdleMb,
      rssAfterMb,
      route: `GET /api/trips (first page, 20) and GET /api/trips/:id (${fx ? "with rates" : "FX_URL=off"})`,
      connections: options.connections,
      bare: bareFigures,
      ours,
    };
  } finally {
    await server?.stop();
    await bare?.stop();
    await fx?.close();
    await privateDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
}

/** Prints one database's figures and records its targets. */
export function reportApi(result: ApiPhaseResult, summary: Summary) {
  const { kind } = result;
  const part = `API ${kind}`;
  const strict = kind === "postgres";
  console.log(
    `\n  ${part}: ${result.route}, ${result.ours.small.length} runs of each, interleaved with ` +
      `the bare server's; figures are median (min–max), targets on the worst run; bare = ` +
      `node:http + ${kind === "postgres" ? "pg" : "PGlite"} doing the same work, the session and ` +
      `the rows in one prepared statement`,
  );
  for (const { label, name } of SERIES) {
    const series = result.ours[label];
    const bareSeries = result.bare[label];
    // Run by run: each run of ours beside the bare run just before it, under the same neighbours.
    const ratios = series.map((f, i) => f.rps / bareSeries[i]!.rps);
    const p99Ratios = series.map((f, i) => f.p99 / bareSeries[i]!.p99);
    const errors = [...series, ...bareSeries].reduce(
      (s, f) => s + f.errors + f.non2xx + f.timeouts,
      0,
    );
    const line = (who: string, f: readonly LoadFigures[]) =>
      `    ${`${who}, ${name}`.padEnd(40)} ${describe(
        f.map((x) => x.rps),
        0,
      )} req/s, p50 ${describe(
        f.map((x) => x.p50),
        0,
      )} ms, p99 ${describe(
        f.map((x) => x.p99),
        0,
      )} ms`;
    console.log(line("bare", bareSeries));
    console.log(
      `${line("Boundless", series)}, req/s ${describe(
        ratios.map((r) => r * 100),
        1,
      )} % of bare, p99 ${describe(p99Ratios, 2)}× bare's, errors+non-2xx+timeouts ${errors}`,
    );
    const p99s = series.map((f) => f.p99);
    summary.add({
      part,
      name: `${name}: req/s vs bare`,
      measured: `${describeWorst(
        ratios.map((r) => r * 100),
        "higher",
        1,
      )} % (${describe(
        series.map((f) => f.rps),
        0,
      )} vs ${describe(
        bareSeries.map((f) => f.rps),
        0,
      )})`,
      target: strict ? ">= 50 %" : "(>= 50 % on PostgreSQL)",
      pass: strict ? worst(ratios, "higher") >= 0.5 : "info",
    });
    summary.add({
      part,
      name: `${name}: p99 vs bare's`,
      measured: `${describeWorst(p99Ratios, "lower", 2, "×")} (${describe(p99s, 0)} vs ${describe(
        bareSeries.map((f) => f.p99),
        0,
      )} ms)`,
      target: strict ? "< 1.5×" : "(< 1.5× on PostgreSQL)",
      pass: strict ? worst(p99Ratios, "lower") < 1.5 : "info",
    });
    summary.add({
      part,
      name: `${name}: p99 at ${result.connections} conn`,
      measured: `${describeWorst(p99s, "lower", 0)} ms`,
      target: strict ? "< 50 ms" : "(< 50 ms on PostgreSQL)",
      pass: strict ? worst(p99s, "lower") < 50 : "info",
    });
    summary.add({
      part,
      name: `${name}: errors`,
      measured: String(errors),
      target: "0",
      pass: errors === 0,
    });
  }
  const pglite = kind === "pglite";
  summary.add({
    part: "start-up",
    name: `${kind}: first start (${pglite ? "copy of the template + migrate" : "migrate empty db"})`,
    measured: `${result.firstStartMs.toFixed(0)} ms`,
    target: pglite ? "(information; initdb is the template child's)" : "< 2000 ms",
    pass: pglite ? "info" : result.firstStartMs < 2000,
  });
  const restartTarget = pglite ? 1500 : 1000;
  summary.add({
    part: "start-up",
    name: `${kind}: restart on existing data`,
    measured: describeWorst(result.restartMs, "lower", 0, " ms"),
    target: `< ${restartTarget} ms`,
    pass: worst(result.restartMs, "lower") < restartTarget,
  });
  if (pglite) {
    summary.add({
      part: "memory",
      name: "pglite: RSS peak on first start (copy of the template, migrations, sign-ups)",
      measured: `${result.firstStartPeakMb.toFixed(0)} MB`,
      target: "< 400 MB",
      pass: result.firstStartPeakMb < 400,
    });
    const templatePeak = result.templatePeakMb ?? Number.NaN;
    summary.add({
      part: "memory",
      name: "pglite: RSS peak of the initdb child (only when no template ships for the PGlite version)",
      measured: `${templatePeak.toFixed(0)} MB`,
      target: "< 500 MB (every moment of a first run)",
      pass: templatePeak < 500,
    });
  }
  const idleTarget = pglite ? 250 : 150;
  summary.add({
    part: "memory",
    name: `${kind}: RSS idle after a restart`,
    measured: `${result.rssIdleMb.toFixed(0)} MB`,
    target: `< ${idleTarget} MB`,
    pass: result.rssIdleMb < idleTarget,
  });
  summary.add({
    part: "memory",
    name: `${kind}: RSS after API bench`,
    measured: `${result.rssAfterMb.toFixed(0)} MB`,
    target: "(information)",
    pass: "info",
  });
  summary.add({
    part: "memory",
    name: `${kind}: RSS after a sign-in (Better Auth loaded)`,
    measured: `${result.rssAfterSignInMb.toFixed(0)} MB`,
    target: "(information)",
    pass: "info",
  });
}
