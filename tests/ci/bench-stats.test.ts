import { describe, expect, it } from "vitest";
import { describeWorst, median, worst } from "../../bench/lib/stats.ts";

describe("bench verdicts on the worst run", () => {
  it("takes the run furthest from the target, whichever way the figure improves", () => {
    // A median of 40 ms under a 50 ms target, and one run over it: the verdict must see that run.
    const p99 = [38, 40, 41, 39, 72];
    expect(median(p99)).toBe(40);
    expect(worst(p99, "lower")).toBe(72);
    expect(worst(p99, "lower") < 50).toBe(false);
    const scores = [100, 98, 91, 99];
    expect(worst(scores, "higher")).toBe(91);
    expect(worst([], "lower")).toBeNaN();
  });

  it("prints the worst run beside the median", () => {
    expect(describeWorst([38, 40, 41, 39, 72], "lower", 0, " ms")).toBe(
      "median 40 ms, worst 72 ms (38 ms–72 ms)",
    );
    expect(describeWorst([0.61, 0.48, 0.55], "higher", 2)).toBe(
      "median 0.55, worst 0.48 (0.48–0.61)",
    );
    expect(describeWorst([12], "lower", 1)).toBe("12.0");
    expect(describeWorst([], "lower")).toBe("n/a");
  });
});
