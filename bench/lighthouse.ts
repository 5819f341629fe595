import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { openForSeeding, seedTrips } from "./lib/database.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "#tests/support/chromium.ts";
import { startServer, type RunningServer } from "#tests/support/server-process.ts";
import { signUp } from "./lib/session.ts";
import { describe, describeWorst, worst } from "./lib/stats.ts";
import type { Summary } from "./lib/summary.ts";

const run = promisify(execFile);

/*
 * Lighthouse is not in the project's dependencies: it brought about 160 packages into every
 * `npm ci`, whose memory grows with the packages it unpacks (issue 32, item 10), for this bench part
 * alone. It has its own manifest and lock file in bench/lighthouse-cli/, installed there the first
 * time this part runs.
 */
const LIGHTHOUSE_DIR = path.resolve("bench/lighthouse-cli");
const LIGHTHOUSE_CLI = path.join(LIGHTHOUSE_DIR, "node_modules/lighthouse/cli/index.js");

async function ensureLighthouse() {
  if (existsSync(LIGHTHOUSE_CLI)) return;
  console.log(
    "    Lighthouse is installed on demand, not by the project's npm ci: " +
      "running `npm ci --prefix bench/lighthouse-cli` (about 200 packages, once)",
  );
  await run("npm", ["ci", "--prefix", LIGHTHOUSE_DIR, "--no-audit", "--no-fund"], {
    timeout: 900_000,
  });
  if (!existsSync(LIGHTHOUSE_CLI)) throw new Error(`npm ci did not install ${LIGHTHOUSE_CLI}`);
}

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number>;

const TARGETS: Record<"desktop" | "mobile", Scores> = {
  desktop: { performance: 95, accessibility: 100, "best-practices": 95 },
  mobile: { performance: 90, accessibility: 100, "best-practices": 95 },
};

async function lighthouse(url: string, formFactor: "desktop" | "mobile", cookie?: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "boundless-lh-"));
  const output = path.join(dir, "report.json");
  const args = [
    url,
    "--output=json",
    `--output-path=${output}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROMIUM_FLAGS.join(" ")}`,
    "--quiet",
    ...(formFactor === "desktop" ? ["--preset=desktop"] : []),
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  try {
    // Lighthouse sometimes loses its own trace ("NO_NAVSTART … Please run Lighthouse again"): the
    // page is not at fault, so that run is made again, at most twice; any other failure stands.
    for (let attempt = 1; ; attempt++) {
      try {
        await run(process.execPath, [LIGHTHOUSE_CLI, ...args], {
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM_PATH },
          timeout: 120_000,
        });
        break;
      } catch (error) {
        const { stderr } = error as { stderr?: unknown };
        const lostTrace =
          typeof stderr === "string" && stderr.includes("Please run Lighthouse again");
        if (attempt >= 3 || !lostTrace) throw error;
        console.log(`    (Lighthouse lost its trace of ${url}; running it again)`);
      }
    }
    const report = JSON.parse(readFileSync(output, "utf8")) as {
      categories: Record<Category, { score: number | null }>;
      audits: Record<string, { score: number | null; title: string; scoreDisplayMode: string }>;
    };
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((report.categories[c].score ?? 0) * 100)]),
    ) as Scores;
    // The audits that cost points, so a FAIL says what to fix.
    const failing = Object.entries(report.audits)
      .filter(
        ([, a]) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== "informative" &&
          a.scoreDisplayMode !== "notApplicable" &&
          a.scoreDisplayMode !== "manual",
      )
      .map(([id]) => id);
    return { scores, failing };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lighthouse on /, /login, /trips and a trip's page, desktop and mobile, against the production build. */
export async function benchLighthouse(port: number, summary: Summary, runs: number) {
  await ensureLighthouse();
  const dataDir = mkdtempSync(path.join(tmpdir(), "boundless-bench-lh-"));
  const origin = `http://127.0.0.1:${port}`;
  const settings = {
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ORIGIN: origin,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    OVERPASS_URL: "off",
    // No public router is asked from here (issue 46).
    ROUTING_URL: "off",
    TRANSIT_URL: "off",
    // No outside requests in a benchmark: costs in USD, no exchange rates.
    FX_URL: "off",
    LOG_LEVEL: "warn",
  };
  let server: RunningServer | undefined;
  try {
    // A first start runs initdb; on a shared, loaded machine that can take minutes.
    server = await startServer(settings, { timeoutMs: 300_000, via: "npm-start" });
    const user = await signUp(server.url, origin, `lighthouse-${Date.now()}@bench.local`);
    await server.stop();
    const database = await openForSeeding({ dataDir });
    await seedTrips(database, user.userId, 20);
    const { rows } = await database.db.execute<{ id: string }>(
      sql`select id from trips where user_id = ${user.userId} order by created_at desc limit 1`,
    );
    await database.close();
    // A first start runs initdb; on a shared, loaded machine that can take minutes.
    server = await startServer(settings, { timeoutMs: 300_000, via: "npm-start" });
    const pages: { name: string; path: string; cookie?: string }[] = [
      { name: "/", path: "/" },
      { name: "/login", path: "/login" },
      { name: "/trips", path: "/trips", cookie: user.cookie },
      { name: "/trips/:id", path: `/trips/${rows[0]!.id}`, cookie: user.cookie },
    ];
    for (const formFactor of ["desktop", "mobile"] as const) {
      for (const page of pages) {
        const samples: Scores[] = [];
        let failing: string[] = [];
        for (let i = 0; i < runs; i++) {
          const result = await lighthouse(`${server.url}${page.path}`, formFactor, page.cookie);
          samples.push(result.scores);
          failing = result.failing;
        }
        console.log(
          `    ${formFactor.padEnd(7)} ${page.name.padEnd(11)} ` +
            CATEGORIES.map(
              (c) =>
                `${c} ${describe(
                  samples.map((s) => s[c]),
                  0,
                )}`,
            ).join(", ") +
            (failing.length ? `  (audits below 0.9: ${failing.join(", ")})` : ""),
        );
        for (const category of CATEGORIES) {
          const values = samples.map((s) => s[category]);
          const goal = TARGETS[formFactor][category];
          summary.add({
            part: "lighthouse",
            name: `${formFactor} ${page.name} ${category}`,
            measured: describeWorst(values, "higher", 0),
            target: goal === 100 ? "100" : `>= ${goal}`,
            pass: worst(values, "higher") >= goal,
          });
        }
      }
    }
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
