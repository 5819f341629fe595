import { describe, expect, it } from "vitest";
import { evaluatePlan } from "./evaluate.ts";
import { metricsOf, passRatePerConstraint, wilson, type ScoredPlan } from "./metrics.ts";
import { OFFICIAL_RESULTS_FILE, readJsonLines } from "./json-lines.ts";
import { loadSandbox } from "./sandbox.ts";
import { travelPlannerQuerySchema, type PlanDay } from "./types.ts";

type Fixture = { kind: string; query: unknown; plan: PlanDay[] };
const fixtures = readJsonLines(OFFICIAL_RESULTS_FILE) as Fixture[];
const sandbox = loadSandbox();

const scoredOf = (kind: string): ScoredPlan[] =>
  fixtures
    .filter((f) => f.kind === kind)
    .map((f) => {
      const query = travelPlannerQuerySchema.parse(f.query);
      return { query, plan: f.plan, evaluation: evaluatePlan(query, f.plan, sandbox) };
    });

describe("TravelPlanner metrics (eval.py's aggregation)", () => {
  it("gives the 45 human plans every metric at 100 %", () => {
    const metrics = metricsOf(scoredOf("gold"));
    for (const rate of Object.values(metrics)) expect(rate.rate).toBe(100);
    // Hard micro counts the budget of each query plus each local constraint set.
    expect(metrics.hardMicro.denominator).toBe(105);
    expect(metrics.commonsenseMicro.denominator).toBe(360);
  });

  it("gives empty plans nothing delivered and nothing passed", () => {
    const metrics = metricsOf(scoredOf("mutation:empty_plan"));
    expect(metrics.delivery).toMatchObject({ rate: 0, numerator: 0, denominator: 45 });
    expect(metrics.finalPass.rate).toBe(0);
    expect(metrics.commonsenseMicro.numerator).toBe(0);
  });

  it("counts a plan whose stays break the minimum nights against commonsense, not delivery", () => {
    const metrics = metricsOf(scoredOf("mutation:other_accommodation"));
    expect(metrics.delivery.rate).toBe(100);
    expect(metrics.commonsenseMacro.rate).toBeLessThan(100);
    const perCheck = passRatePerConstraint(scoredOf("mutation:other_accommodation"));
    expect(perCheck.is_valid_accommodation?.rate).toBeLessThan(100);
    expect(perCheck.is_valid_restaurants?.rate).toBe(100);
  });

  it("computes Wilson 95 % intervals", () => {
    // 45 of 45: the interval still admits a miss rate of about 8 %.
    expect(wilson(45, 45)).toMatchObject({ rate: 100, low: 92.1, high: 100 });
    expect(wilson(0, 45)).toMatchObject({ rate: 0, low: 0, high: 7.9 });
    expect(wilson(9, 20)).toMatchObject({ rate: 45, low: 25.8, high: 65.8 });
  });
});
