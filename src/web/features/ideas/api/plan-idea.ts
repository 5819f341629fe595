import type { IdeaPlanInput } from "#shared/schemas/ideas.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

export const PLAN_IDEA_FAILED = "Failed to add the idea to the day";

const planSchema = lazySchema(
  async () => (await import("#shared/schemas/ideas.ts")).ideaResponseSchema,
);

/** POST /api/trips/:id/ideas/:ideaId/plan { date, time? } → { idea, trip }. */
export const planIdea = (tripId: string, ideaId: string, input: IdeaPlanInput) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/ideas/${encodeURIComponent(ideaId)}/plan`, {
    method: "POST",
    body: input,
    schema: planSchema,
    fallbackError: PLAN_IDEA_FAILED,
  }).then((body) => body.idea);

// The plan's save and the idea's mark are each said on the live stream: two echoes of this tab's own.
export const usePlanIdea = (tripId: string) =>
  useOwnIdeaChange(
    tripId,
    "plan-idea",
    (input: { ideaId: string } & IdeaPlanInput) =>
      planIdea(tripId, input.ideaId, {
        date: input.date,
        ...(input.time ? { time: input.time } : {}),
      }),
    2,
  );
