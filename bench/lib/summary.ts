/** One measured target: what was measured, the figure, the goal, and whether it holds. */
export type TargetResult = {
  part: string;
  name: string;
  measured: string;
  target: string;
  /** null: not measured; "info": measured, but the target does not apply to this configuration. */
  pass: boolean | null | "info";
};

function verdictOf(pass: TargetResult["pass"]) {
  if (pass === null) return "NOT MEASURED";
  if (pass === "info") return "INFO";
  return pass ? "PASS" : "FAIL";
}

export class Summary {
  readonly results: TargetResult[] = [];

  add(result: TargetResult) {
    this.results.push(result);
    const verdict = verdictOf(result.pass);
    console.log(`  [${verdict}] ${result.name}: ${result.measured} (target ${result.target})`);
  }

  notMeasured(part: string, name: string, target: string, why: string) {
    this.add({ part, name, measured: `not measured: ${why}`, target, pass: null });
  }

  print() {
    const rows = this.results.map((r) => [r.part, r.name, r.measured, r.target, verdictOf(r.pass)]);
    const header = ["part", "target", "measured", "goal", "result"];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    console.log("\nSummary");
    console.log(line(header));
    console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
    for (const row of rows) console.log(line(row));
    const failed = this.results.filter((r) => r.pass === false).length;
    const skipped = this.results.filter((r) => r.pass === null).length;
    const info = this.results.filter((r) => r.pass === "info").length;
    console.log(
      `\n${this.results.length - failed - skipped - info} passed, ${failed} failed, ${skipped} not measured, ${info} informative`,
    );
  }
}
