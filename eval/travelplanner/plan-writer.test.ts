import { describe, expect, it } from "vitest";
import { evaluatePlan } from "./evaluate.ts";
import { readJsonLines, TRAIN_QUERIES_FILE } from "./json-lines.ts";
import { readBenchmarkPlan } from "./plan-reader.ts";
import { writeBenchmarkPlan } from "./plan-writer.ts";
import { loadSandbox } from "./sandbox.ts";
import { travelPlannerQuerySchema, type PlanDay } from "./types.ts";

const lines = readJsonLines(TRAIN_QUERIES_FILE) as { annotated_plan: PlanDay[] }[];
const sandbox = loadSandbox();

describe("the writer into the benchmark's plan format", () => {
  it.each(lines.map((line, i) => [i, line] as const))(
    "train plan %i: read into Boundless's itinerary and written back, it passes every check",
    (_i, line) => {
      const query = travelPlannerQuerySchema.parse(line);
      const human = evaluatePlan(query, line.annotated_plan, sandbox);
      const written = writeBenchmarkPlan(readBenchmarkPlan(query, line.annotated_plan));
      const ours = evaluatePlan(query, written, sandbox);
      expect(ours.error).toBeNull();
      expect(ours.commonsense).toEqual(human.commonsense);
      expect(ours.hard).toEqual(human.hard);
      for (const [, [passed]] of Object.entries(ours.commonsense ?? {}))
        expect(passed).not.toBe(false);
      for (const [, [passed]] of Object.entries(ours.hard ?? {})) expect(passed).not.toBe(false);
      expect(ours.total_cost).toBe(human.total_cost);
      expect(written).toHaveLength(query.days);
    },
  );
});
