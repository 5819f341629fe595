import { describe, expect, it } from "vitest";
import { tripRequestSchema } from "#shared/schemas/trip-request.ts";
import { readJsonLines, TRAIN_QUERIES_FILE } from "./json-lines.ts";
import { requestFromForm, requestFromSentence } from "./request-from-query.ts";
import { loadSandbox } from "./sandbox.ts";
import { travelPlannerQuerySchema } from "./types.ts";

const queries = readJsonLines(TRAIN_QUERIES_FILE).map((line) =>
  travelPlannerQuerySchema.parse(line),
);
const sandbox = loadSandbox();

describe("the plan request of a TravelPlanner query", () => {
  it.each(queries.map((q, i) => [i, q] as const))(
    "train query %i: the form's request passes the shared schema, and the sentence gives the same",
    (_i, query) => {
      const form = requestFromForm(query);
      const fromForm = tripRequestSchema.parse(form.request);
      expect(fromForm.origin).toBe(query.org);
      expect(fromForm.travellers).toBe(query.people_number);
      expect(fromForm.startDate).toBe(query.date[0]);
      expect(fromForm.endDate).toBe(query.date[query.date.length - 1]);
      expect(form.cityCount).toBe(query.days > 3 ? query.visiting_city_number : null);

      const sentence = requestFromSentence(query, sandbox);
      expect(sentence).not.toBeNull();
      const fromSentence = tripRequestSchema.parse(sentence?.request);
      expect(sentence?.cityCount ?? null).toBe(form.cityCount);
      for (const key of [
        "origin",
        "destination",
        "startDate",
        "endDate",
        "budget",
        "travellers",
        "lodging",
        "avoid",
      ] as const)
        expect(fromSentence[key], key).toEqual(fromForm[key]);
      expect([...fromSentence.cuisines].sort()).toEqual([...fromForm.cuisines].sort());
    },
  );
});
