import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

const ideaSchema = lazySchema(
  async () => (await import("#shared/schemas/ideas.ts")).ideaResponseSchema,
);

/** POST /api/trips/:id/ideas/:ideaId/dismiss. */
export const dismissIdea = (tripId: string, ideaId: string) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/ideas/${encodeURIComponent(ideaId)}/dismiss`, {
    method: "POST",
    schema: ideaSchema,
    fallbackError: "Failed to dismiss the idea",
  }).then((body) => body.idea);

export const useDismissIdea = (tripId: string) =>
  useOwnIdeaChange(tripId, "dismiss-idea", (ideaId: string) => dismissIdea(tripId, ideaId));
