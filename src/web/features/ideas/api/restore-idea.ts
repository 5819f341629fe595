import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

const ideaSchema = lazySchema(
  async () => (await import("#shared/schemas/ideas.ts")).ideaResponseSchema,
);

/** POST /api/trips/:id/ideas/:ideaId/restore. */
export const restoreIdea = (tripId: string, ideaId: string) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/ideas/${encodeURIComponent(ideaId)}/restore`, {
    method: "POST",
    schema: ideaSchema,
    fallbackError: "Failed to restore the idea",
  }).then((body) => body.idea);

export const useRestoreIdea = (tripId: string) =>
  useOwnIdeaChange(tripId, "restore-idea", (ideaId: string) => restoreIdea(tripId, ideaId));
