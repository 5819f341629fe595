import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import { evaluatePlan } from "./evaluate.ts";
import { readJsonLines, TRAIN_QUERIES_FILE } from "./json-lines.ts";
import {
  metricsOf,
  passRatePerConstraint,
  type Metrics,
  type Rate,
  type ScoredPlan,
} from "./metrics.ts";
import type { BenchmarkPlanner } from "./benchmark-planner.ts";
import { createBoundlessPlanner } from "./boundless-planner.ts";
import { readBenchmarkPlan } from "./plan-reader.ts";
import { writeBenchmarkPlan } from "./plan-writer.ts";
import { requestFromForm, requestFromSentence } from "./request-from-query.ts";
import { loadSandbox, type Sandbox } from "./sandbox.ts";
import { createSandboxSources } from "./sandbox-sources.ts";
import { travelPlannerQuerySchema, type PlanDay, type TravelPlannerQuery } from "./types.ts";

/**
 * `npm run eval -- --travelplanner [QUERIES.jsonl] [--input form|sentence] [--out FILE.json] [--check]`
 * (issue 48): each query's request (structured fields, or the sentence through the product's
 * reader), planned with the sandbox's sources, written in the benchmark's format, scored by the
 * evaluator port, and the paper's table beside the figures.
 *
 *   --annotated   score the queries' own human plans through the reader and writer instead of the
 *                 planner: a check of the harness (it should print 100 %), never a result.
 */

/** Why a query got no plan from the planner (no order of cities fits, or the planner refused). */
export const NOT_PLANNED = "no plan: no cities of the state fit, or the planner refused";

const annotatedPlanner =
  (plans: Map<TravelPlannerQuery, PlanDay[]>): BenchmarkPlanner =>
  ({ query }) => {
    const plan = plans.get(query);
    return Promise.resolve(plan ? readBenchmarkPlan(query, plan) : null);
  };

const PAPER: [string, number[]][] = [
  ["Direct GPT-3.5-Turbo", [100, 60.2, 4.4, 11.0, 2.8, 0]],
  ["CoT GPT-3.5-Turbo", [100, 66.3, 3.3, 11.9, 5.0, 0]],
  ["ReAct GPT-3.5-Turbo", [82.2, 47.6, 3.9, 11.4, 6.7, 0.6]],
  ["Reflexion GPT-3.5-Turbo", [93.9, 53.8, 2.8, 11.0, 2.8, 0]],
  ["Direct Mixtral-8x7B-MoE", [100, 68.1, 5.0, 3.3, 1.1, 0]],
  ["Direct Gemini Pro", [93.9, 65.0, 8.3, 9.3, 4.4, 0.6]],
  ["Direct GPT-4-Turbo", [100, 80.4, 17.2, 47.1, 22.2, 4.4]],
  ["Greedy search (full database)", [100, 74.4, 0, 60.8, 37.8, 0]],
];
const METRIC_NAMES = [
  "delivery",
  "commonsenseMicro",
  "commonsenseMacro",
  "hardMicro",
  "hardMacro",
  "finalPass",
] as const;
const HEADINGS = ["delivery", "cs micro", "cs macro", "hard micro", "hard macro", "final pass"];

const DEVIATIONS = [
  "Flights: the sandbox is the 1,485 flights of the published reference information, not the unpublished full table.",
  "Plans are written as JSON directly (no natural-language plan parsed by a model).",
  "--input form hands the planner the structured fields: an upper bound on reading; --input sentence reads only `query`.",
  "The train queries (45) here; the paper's table is the validation set (180).",
  "Boundless's keyless planner (planTrip, as POST /api/trips) with the sandbox as its sources and a sandbox geocoder: no network.",
];

const pct = (r: Rate) =>
  `${r.rate.toFixed(1)} % (${r.numerator}/${r.denominator}, ${r.low.toFixed(1)}–${r.high.toFixed(1)})`;

function table(rows: [string, Metrics][]): string {
  const lines = [`| group | ${HEADINGS.join(" | ")} |`, `| --- |${" ---: |".repeat(6)}`];
  for (const [name, m] of rows)
    lines.push(`| ${name} | ${METRIC_NAMES.map((k) => pct(m[k])).join(" | ")} |`);
  return lines.join("\n");
}

export async function runTravelPlanner(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      travelplanner: { type: "boolean", default: true },
      input: { type: "string", default: "form" },
      out: { type: "string" },
      check: { type: "boolean", default: false },
      annotated: { type: "boolean", default: false },
    },
  });
  const input = values.input;
  if (input !== "form" && input !== "sentence") {
    console.error("--input must be form or sentence");
    return 2;
  }
  const file = positionals[0] ? path.resolve(positionals[0]) : TRAIN_QUERIES_FILE;
  const lines = readJsonLines(file) as Record<string, unknown>[];
  const queries = lines.map((line) => travelPlannerQuerySchema.parse(line));
  const sandbox: Sandbox = loadSandbox();
  const sources = createSandboxSources(sandbox);
  const citiesIn = (state: string) =>
    [...sandbox.cityStates].filter(([, s]) => s === state).map(([city]) => city);
  const annotated = new Map<TravelPlannerQuery, PlanDay[]>();
  queries.forEach((q, i) => {
    const plan = lines[i]?.annotated_plan;
    if (Array.isArray(plan)) annotated.set(q, plan as PlanDay[]);
  });
  const planner = values.annotated ? annotatedPlanner(annotated) : createBoundlessPlanner(sandbox);

  const scored: (ScoredPlan & { ms: number; note: string | null })[] = [];
  for (const query of queries) {
    const built = input === "form" ? requestFromForm(query) : requestFromSentence(query, sandbox);
    const parsed = built ? tripRequestSchema.safeParse(built.request) : null;
    let plan: PlanDay[] | null = null;
    let note: string | null = null;
    const started = performance.now();
    if (!built || !parsed?.success) {
      note = built
        ? `request refused: ${parsed?.error?.issues[0]?.message ?? "invalid"}`
        : "sentence not read";
    } else {
      const product = await planner({
        query,
        request: parsed.data,
        cityCount: built.cityCount,
        sources,
        citiesIn,
      }).catch((error: unknown) => {
        note = `planner refused: ${error instanceof Error ? error.name : "error"}`;
        return null;
      });
      if (product) plan = writeBenchmarkPlan(product);
      else note ??= values.annotated ? "no human plan" : NOT_PLANNED;
    }
    const ms = performance.now() - started;
    const evaluation = plan
      ? evaluatePlan(query, plan, sandbox)
      : { commonsense: null, hard: null, error: note };
    scored.push({ query, plan, evaluation, ms, note });
  }

  const metrics = metricsOf(scored);
  const groups: [string, Metrics][] = [["all", metrics]];
  for (const level of ["easy", "medium", "hard"]) {
    const some = scored.filter((s) => s.query.level === level);
    if (some.length > 0) groups.push([`${level} (${some.length})`, metricsOf(some)]);
  }
  for (const days of [3, 5, 7]) {
    const some = scored.filter((s) => s.query.days === days);
    if (some.length > 0) groups.push([`${days} days (${some.length})`, metricsOf(some)]);
  }
  const perPlan = scored.reduce((sum, s) => sum + s.ms, 0) / Math.max(1, scored.length);
  const maxMs = Math.max(0, ...scored.map((s) => s.ms));

  const out: string[] = [];
  out.push(
    `TravelPlanner (Xie et al., ICML 2024; data CC BY 4.0): ${queries.length} queries from ${path.basename(file)}, --input ${input}${values.annotated ? ", HUMAN PLANS (harness check, not a result)" : ""}`,
  );
  out.push("", "Boundless (rate, counts, Wilson 95 % interval):", table(groups));
  out.push("", "The paper's table (validation set, 180 queries, sole-planning; %):");
  out.push(`| system | ${HEADINGS.join(" | ")} |`, `| --- |${" ---: |".repeat(6)}`);
  for (const [name, row] of PAPER) out.push(`| ${name} | ${row.join(" | ")} |`);
  out.push("", "Pass rate a constraint:");
  for (const [name, rate] of Object.entries(passRatePerConstraint(scored)))
    out.push(`  ${name}: ${pct(rate)}`);
  out.push("", `Time a plan: ${perPlan.toFixed(1)} ms on average, ${maxMs.toFixed(1)} ms at most.`);
  const notes = [...new Set(scored.map((s) => s.note).filter((n): n is string => n !== null))];
  if (notes.length > 0)
    out.push(
      "",
      "Not delivered:",
      ...notes.map((n) => `  ${n} (${scored.filter((s) => s.note === n).length})`),
    );
  out.push("", "Deviations from the paper's protocol:", ...DEVIATIONS.map((d) => `  - ${d}`));
  console.log(out.join("\n"));

  if (values.out) {
    const rates = Object.fromEntries(METRIC_NAMES.map((k) => [k, metrics[k].rate]));
    writeFileSync(
      values.out,
      `${JSON.stringify(
        {
          metrics: rates,
          n: queries.length,
          input,
          queries: scored.map((s) => ({
            idx: s.query.idx ?? null,
            level: s.query.level,
            days: s.query.days,
            plan: s.plan,
            commonsense: s.evaluation.commonsense,
            hard: s.evaluation.hard,
            error: s.evaluation.error,
            total_cost: s.evaluation.total_cost ?? null,
            ms: Math.round(s.ms * 10) / 10,
            note: s.note,
          })),
        },
        null,
        2,
      )}\n`,
    );
  }

  if (values.check) {
    const target = input === "form" ? 95 : 90;
    const failures: string[] = [];
    if (metrics.delivery.rate < 100)
      failures.push(`delivery ${metrics.delivery.rate.toFixed(1)} % < 100 %`);
    for (const [name, m] of groups)
      if (m.finalPass.rate < target)
        failures.push(`final pass (${name}) ${m.finalPass.rate.toFixed(1)} % < ${target} %`);
    if (maxMs >= 1000) failures.push(`a plan took ${maxMs.toFixed(0)} ms (≥ 1 s)`);
    if (failures.length > 0) {
      console.error(`\n--check failed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
      return 1;
    }
  }
  return 0;
}
