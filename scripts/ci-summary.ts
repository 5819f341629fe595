// The closing lines of `.ci/run`: every failed and every flaky test by name, then one count line.
// A CI record often keeps only the log's tail, and a test that passed only on Playwright's retry is
// not a plain pass: it is counted with the passes but named beside them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const VITEST_REPORTS = ["vitest-pglite.json", "vitest-pg.json", "vitest-faults.json"];
export const PLAYWRIGHT_REPORT = "playwright.json";

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string }[];
  }[];
};

type PlaywrightSuite = {
  specs?: { title: string; file: string; line: number; tests?: { status: string }[] }[];
  suites?: PlaywrightSuite[];
};

type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
};

export type Reports = {
  vitest: { name: string; report: VitestReport }[];
  playwright: PlaywrightReport | null;
};

/** The summary's lines: "FAILED …" for each failed test, then the count line. */
export function summarize(reports: Reports, failedSteps: number): string[] {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failedNames: string[] = [];
  const flakyNames: string[] = [];
  for (const { name, report: r } of reports.vitest) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const result of r.testResults ?? []) {
      for (const t of result.assertionResults ?? []) {
        if (t.status === "failed") failedNames.push(`${name}: ${t.fullName} (${result.name})`);
      }
      if (result.status === "failed" && (result.assertionResults ?? []).length === 0) {
        failedNames.push(`${name}: ${result.name}: ${String(result.message ?? "").split("\n")[0]}`);
      }
    }
  }
  let flaky = 0;
  const pw = reports.playwright;
  if (pw) {
    const s = pw.stats;
    flaky = s.flaky;
    passed += s.expected + s.flaky;
    failed += s.unexpected;
    skipped += s.skipped;
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const label = `${spec.title} (${spec.file}:${spec.line})`;
          if (t.status === "unexpected") failedNames.push(`playwright: ${label}`);
          if (t.status === "flaky") flakyNames.push(label);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of pw.suites ?? []) walk(suite);
  }
  if (failedSteps > 0 && failed === 0) failed = failedSteps;
  // The stats and the tests should agree; if they do not, the larger count is the honest one.
  flaky = Math.max(flaky, flakyNames.length);
  const passes =
    flaky > 0
      ? `${passed} passed (${flaky} flaky: ${flakyNames.length > 0 ? flakyNames.join("; ") : "names not in the report"})`
      : `${passed} passed`;
  return [
    ...failedNames.map((line) => `FAILED ${line}`),
    "",
    `${passes}, ${failed} failed, ${skipped} skipped`,
  ];
}

/** The reports `.ci/run` wrote into `dir` (a step that did not run left none). */
export function readReports(dir: string): Reports {
  const read = <T>(name: string): T | null => {
    const file = path.join(dir, name);
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
  };
  const vitest = VITEST_REPORTS.flatMap((name) => {
    const report = read<VitestReport>(name);
    return report ? [{ name, report }] : [];
  });
  return { vitest, playwright: read<PlaywrightReport>(PLAYWRIGHT_REPORT) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, failedSteps] = process.argv.slice(2);
  if (!dir) throw new Error("usage: ci-summary.ts <results dir> <number of failed steps>");
  console.log(summarize(readReports(dir), Number(failedSteps ?? 0)).join("\n"));
}
