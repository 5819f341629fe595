import { describe, expect, it } from "vitest";
import { readTripSentence } from "#server/planner/sentence/read-trip-sentence.ts";
import { queryFromSentence, sandboxGazetteer } from "./query-from-sentence.ts";
import { TRAIN_QUERIES_FILE, readJsonLines } from "./json-lines.ts";
import { loadSandbox } from "./sandbox.ts";
import { travelPlannerQuerySchema } from "./types.ts";

const queries = readJsonLines(TRAIN_QUERIES_FILE).map((line) =>
  travelPlannerQuerySchema.parse(line),
);
const gazetteer = sandboxGazetteer(loadSandbox());

describe("the keyless sentence reader on the 45 TravelPlanner train sentences", () => {
  it.each(queries.map((q, i) => [i, q] as const))(
    "query %i: every structured field from the sentence alone",
    (_i, query) => {
      // The benchmark's sentences all give their year; today only matters when one does not.
      const read = readTripSentence(query.query, { today: "2026-11-28", gazetteer });
      const ours = queryFromSentence(read.sentence);
      expect(ours.org).toBe(query.org);
      expect(ours.dest).toBe(query.dest);
      expect(ours.days).toBe(query.days);
      expect(ours.visiting_city_number).toBe(query.visiting_city_number);
      expect(ours.date).toEqual(query.date);
      expect(ours.people_number).toBe(query.people_number);
      expect(ours.budget).toBe(query.budget);
      expect(ours.local_constraint["house rule"]).toBe(query.local_constraint["house rule"]);
      expect([...(ours.local_constraint.cuisine ?? [])].sort()).toEqual(
        [...(query.local_constraint.cuisine ?? [])].sort(),
      );
      expect(ours.local_constraint["room type"]).toBe(query.local_constraint["room type"]);
      expect(ours.local_constraint.transportation).toBe(query.local_constraint.transportation);
      expect(read.unsure).not.toContain("destination");
    },
  );
});
