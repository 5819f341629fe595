import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const COUNT_LINE = /^\d+ passed, \d+ failed/;

const vitestReport = {
  numPassedTests: 10,
  numFailedTests: 1,
  numPendingTests: 2,
  numTodoTests: 1,
  testResults: [
    {
      name: "/repo/src/a.test.ts",
      status: "failed",
      assertionResults: [
        { fullName: "a works", status: "passed" },
        { fullName: "a breaks", status: "failed" },
      ],
    },
  ],
};

const spec = (title: string, line: number, status: string) => ({
  title,
  file: "trips.spec.ts",
  line,
  tests: [{ status }],
});

function playwrightReport(flakyTitles: string[], failedTitles: string[] = []) {
  return {
    stats: {
      expected: 5,
      unexpected: failedTitles.length,
      flaky: flakyTitles.length,
      skipped: 1,
    },
    suites: [
      {
        specs: [spec("plans a trip", 10, "expected")],
        // Nested the way Playwright nests describe blocks.
        suites: [
          {
            specs: [
              ...flakyTitles.map((title, i) => spec(title, 20 + i, "flaky")),
              ...failedTitles.map((title, i) => spec(title, 40 + i, "unexpected")),
            ],
          },
        ],
      },
    ],
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the script the way `.ci/run` does, on hand-made reports. */
function summary(files: Record<string, unknown>, failedSteps = 0): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "ci-summary-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(dir, name), JSON.stringify(content));
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/ci-summary.ts"), dir, String(failedSteps)],
    { cwd: root, encoding: "utf8" },
  );
  return out.trimEnd().split("\n");
}

describe("scripts/ci-summary.ts", () => {
  it("names every flaky test in the count line, counted with the passes", () => {
    const lines = summary({
      "vitest-pglite.json": vitestReport,
      "playwright.json": playwrightReport(["saves a draft", "shares a trip"]),
    });
    expect(lines.at(-1)).toBe(
      "17 passed (2 flaky: saves a draft (trips.spec.ts:20); shares a trip (trips.spec.ts:21)), 1 failed, 4 skipped",
    );
    expect(lines).toContain("FAILED vitest-pglite.json: a breaks (/repo/src/a.test.ts)");
  });

  it("keeps the plain form when nothing is flaky, and names failed browser tests", () => {
    const lines = summary({
      "vitest-pglite.json": vitestReport,
      "vitest-pg.json": { ...vitestReport, numFailedTests: 0, testResults: [] },
      "playwright.json": playwrightReport([], ["signs out"]),
    });
    expect(lines.at(-1)).toBe("25 passed, 2 failed, 7 skipped");
    expect(lines.at(-1)).toMatch(COUNT_LINE);
    expect(lines).toContain("FAILED playwright: signs out (trips.spec.ts:40)");
  });

  it("counts failed steps as failures when no report says which test failed", () => {
    const lines = summary({}, 2);
    expect(lines.at(-1)).toBe("0 passed, 2 failed, 0 skipped");
    expect(lines.at(-1)).toMatch(COUNT_LINE);
  });
});
