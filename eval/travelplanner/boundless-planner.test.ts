import { describe, expect, it } from "vitest";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import { createBoundlessPlanner, nightsSplit } from "./boundless-planner.ts";
import { evaluatePlan } from "./evaluate.ts";
import { readJsonLines, TRAIN_QUERIES_FILE } from "./json-lines.ts";
import { writeBenchmarkPlan } from "./plan-writer.ts";
import { requestFromForm } from "./request-from-query.ts";
import { loadSandbox } from "./sandbox.ts";
import { createSandboxSources } from "./sandbox-sources.ts";
import { travelPlannerQuerySchema } from "./types.ts";

const sandbox = loadSandbox();
const sources = createSandboxSources(sandbox);
const planner = createBoundlessPlanner(sandbox);
const citiesIn = (state: string) =>
  [...sandbox.cityStates].filter(([, s]) => s === state).map(([city]) => city);
const queries = readJsonLines(TRAIN_QUERIES_FILE).map((line) =>
  travelPlannerQuerySchema.parse(line),
);

describe("Boundless's planner on the sandbox (issue 48)", () => {
  it("splits the nights as evenly as they go, the first cities longer", () => {
    expect(nightsSplit(4, 2)).toEqual([2, 2]);
    expect(nightsSplit(6, 3)).toEqual([2, 2, 2]);
    expect(nightsSplit(6, 4)).toEqual([2, 2, 1, 1]);
  });

  // One of each length and level: a plan through planTrip that passes every check it is given.
  const sample = queries.filter((q) => q.level !== "hard" && (q.idx ?? 0) % 5 === 0);
  it.each(sample.map((q) => [q.idx ?? 0, q] as const))(
    "plans train query %i and it passes every check",
    async (_idx, query) => {
      const built = requestFromForm(query);
      const product = await planner({
        query,
        request: tripRequestSchema.parse(built.request),
        cityCount: built.cityCount,
        sources,
        citiesIn,
      });
      expect(product).not.toBeNull();
      const result = evaluatePlan(query, writeBenchmarkPlan(product!), sandbox);
      const failed = Object.entries({ ...result.commonsense, ...result.hard }).filter(
        ([, check]) => check?.[0] === false,
      );
      expect(failed).toEqual([]);
      expect(result.hard).not.toBeNull();
    },
  );
});
