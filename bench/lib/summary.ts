/** One measured target: what was measured, the figure, the goal, and whether it holds. */
export type TargetResult = {
  part: string;
  name: string;
  measured: string;
  target: string;
  pass: boolean | null; // null: not measured
};

export class Summary {
  readonly results: TargetResult[] = [];

  add(result: TargetResult) {
    this.results.push(result);
    const verdict = result.pass === null ? "NOT MEASURED" : result.pass ? "PASS" : "FAIL";
    console.log(`  [${verdict}] ${result.name}: ${result.measured} (target ${result.target})`);
  }

  notMeasured(part: string, name: string, target: string, why: string) {
    this.add({ part, name, measured: `not measured: ${why}`, target, pass: null });
  }

  print() {
    const rows = this.results.map((r) => [
      r.part,
      r.name,
      r.measured,
      r.target,
      r.pass === null ? "NOT MEASURED" : r.pass ? "PASS" : "FAIL",
    ]);
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
    console.log(
      `\n${this.results.length - failed - skipped} passed, ${failed} failed, ${skipped} not measured`,
    );
  }
}
