import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv, type Env } from "#server/env.ts";
import { createLogger } from "#server/lib/logger.ts";
import { startFakeProvider } from "./fake-provider.ts";
import { CHECK_LIMITS, checkRun } from "./check.ts";
import { buildReport, formatSummary, formatTable } from "./report.ts";
import { evalRequests, type EvalRequest } from "./requests.ts";
import { planWith, runEval } from "./run-eval.ts";
import { createEvalServices } from "./services.ts";

/**
 * `npm run eval`: the fixed trip requests through the real planning pipeline (planTrip) against the
 * configured provider (AI_* settings; the offline planner when none), one at a time. Prints a table
 * and writes JSON to compare models. See README "Evaluating models (npm run eval)".
 *
 *   --fake            the loopback OpenAI-compatible fake, geocoder and Overpass (what CI runs; no .env read)
 *   --keyless         with --fake: no model, so the keyless planner plans from the Overpass fake's places
 *   --out FILE        where the JSON goes (default eval-results/<timestamp>.json)
 *   --only LIST       some requests: 1-based numbers or id parts, comma-separated ("1,3", "tokyo")
 *   --limit N         the first N requests (after --only)
 *   --no-geo          do not resolve places (no geocoder traffic; located share is then the model's)
 *   --timeout-ms MS   per request (default 300000)
 *   --check           exit 1 when a request failed, or its plan is not schema-valid or has wrong dates,
 *                     or the run is over the limits of eval/check.ts (repeats, closed visits,
 *                     unresolved destinations, unlocated activities)
 */
// TravelPlanner (issue 48) has its own options: eval/travelplanner/run-travelplanner.ts.
if (process.argv.includes("--travelplanner")) {
  const { runTravelPlanner } = await import("./travelplanner/run-travelplanner.ts");
  process.exit(await runTravelPlanner(process.argv.slice(2)));
}

const { values } = parseArgs({
  options: {
    fake: { type: "boolean", default: false },
    keyless: { type: "boolean", default: false },
    out: { type: "string" },
    only: { type: "string" },
    limit: { type: "string" },
    "no-geo": { type: "boolean", default: false },
    "timeout-ms": { type: "string", default: "300000" },
    check: { type: "boolean", default: false },
  },
});

function select(all: EvalRequest[]): EvalRequest[] {
  let chosen = all;
  if (values.only) {
    const wanted = values.only
      .split(",")
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    chosen = all.filter((entry, i) =>
      wanted.some((w) => (/^\d+$/.test(w) ? Number(w) === i + 1 : entry.id.includes(w))),
    );
  }
  if (values.limit !== undefined) chosen = chosen.slice(0, Math.max(0, Number(values.limit)));
  return chosen;
}

const positive = (text: string, name: string) => {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};

const requests = select(evalRequests());
if (requests.length === 0) {
  console.error("No request matches --only/--limit.");
  process.exit(2);
}
const timeoutMs = positive(values["timeout-ms"], "timeout-ms");

if (values.keyless && !values.fake) {
  console.error("--keyless needs --fake (without --fake, leave the AI_* settings out instead).");
  process.exit(2);
}
const fake = values.fake ? await startFakeProvider({ model: !values.keyless }) : null;
const env: Env = fake ? fake.env : loadEnv();
// Only warnings and errors: the table is the output. Logs go to stderr so stdout stays readable.
const logger = createLogger(env.LOG_LEVEL === "silent" ? "silent" : "warn", process.stderr);
const setup = await createEvalServices(env, {
  logger,
  geo: !values["no-geo"],
  fake: fake !== null,
});

const startedAt = new Date();
const who =
  setup.provider.mode === "offline"
    ? "the offline planner (no AI_* settings)"
    : `${setup.provider.model} at ${setup.provider.baseUrl}`;
console.log(`Evaluating ${requests.length} requests with ${who}, one at a time…`);
let rows;
try {
  rows = await runEval(planWith(setup.services), requests, {
    timeoutMs,
    onRow: (row, i) =>
      console.log(
        `  ${i + 1}/${requests.length} ${row.id}: ${row.error ? `failed (${row.error})` : `${(row.wholeMs / 1000).toFixed(1)}s`}`,
      ),
  });
} finally {
  await setup.close();
  await fake?.close();
}

const report = buildReport({ startedAt, finishedAt: new Date(), provider: setup.provider, rows });
const out =
  values.out ?? path.join("eval-results", `${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);

console.log(`\n${formatTable(rows)}\n\n${formatSummary(report)}\n\nWrote ${out}`);

if (values.check) {
  const problems = checkRun(rows);
  const { maxRepeatShare, maxClosedVisits, maxUnresolved, maxUnlocatedShare } = CHECK_LIMITS;
  const limits = `repeats ≤ ${maxRepeatShare * 100}%, closed visits ≤ ${maxClosedVisits}, unresolved destinations ≤ ${maxUnresolved}, unlocated activities ≤ ${maxUnlocatedShare * 100}%`;
  if (problems.length > 0) {
    console.error(`--check failed (${limits}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`--check passed (${limits}).`);
}
