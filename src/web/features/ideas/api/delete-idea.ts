import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

// 204: nothing in the answer is needed, the list is read again.
const noAnswer = lazySchema(async () => (await import("zod/mini")).unknown());

/** DELETE /api/trips/:id/ideas/:ideaId → 204. */
export const deleteIdea = (tripId: string, ideaId: string) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/ideas/${encodeURIComponent(ideaId)}`, {
    method: "DELETE",
    schema: noAnswer,
    fallbackError: "Failed to remove the idea",
  });

export const useDeleteIdea = (tripId: string) =>
  useOwnIdeaChange(tripId, "delete-idea", (ideaId: string) => deleteIdea(tripId, ideaId));
