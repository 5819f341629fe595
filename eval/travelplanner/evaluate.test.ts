import { describe, expect, it } from "vitest";
import { evaluatePlan } from "./evaluate.ts";
import { OFFICIAL_RESULTS_FILE, readJsonLines } from "./json-lines.ts";
import { loadSandbox } from "./sandbox.ts";
import { travelPlannerQuerySchema, type PlanDay, type PlanEvaluation } from "./types.ts";

type Fixture = {
  idx: number;
  kind: string;
  query: unknown;
  plan: PlanDay[];
  official: PlanEvaluation;
};

const fixtures = readJsonLines(OFFICIAL_RESULTS_FILE) as Fixture[];

const sandbox = loadSandbox();

describe("the TravelPlanner evaluator against the unmodified official one", () => {
  it("loads the sandbox with the official rules", () => {
    expect(sandbox.accommodations).toHaveLength(4285);
    expect(sandbox.restaurants).toHaveLength(9551);
    expect(sandbox.attractions).toHaveLength(5302);
    expect(sandbox.flights).toHaveLength(1485);
    // 312 lines (the README counts 311: the last has no line break).
    expect(sandbox.cityStates.size).toBe(312);
    expect(fixtures).toHaveLength(566);
  });

  it.each(fixtures.map((f) => [`${f.idx} ${f.kind}`, f] as const))(
    "reproduces %s: every check, the error and the total cost",
    (_name, fixture) => {
      const query = travelPlannerQuerySchema.parse(fixture.query);
      const ours = evaluatePlan(query, fixture.plan, sandbox);
      expect(ours.commonsense).toEqual(fixture.official.commonsense);
      expect(ours.hard).toEqual(fixture.official.hard);
      expect(ours.error).toEqual(fixture.official.error);
      expect(ours.total_cost).toEqual(fixture.official.total_cost);
    },
  );
});
