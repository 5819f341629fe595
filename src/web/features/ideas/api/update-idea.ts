import type { IdeaPatch } from "#shared/schemas/ideas.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

const ideaSchema = lazySchema(
  async () => (await import("#shared/schemas/ideas.ts")).ideaResponseSchema,
);

/** PATCH /api/trips/:id/ideas/:ideaId: any of its title, note, link and place. */
export const updateIdea = (tripId: string, ideaId: string, patch: IdeaPatch) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/ideas/${encodeURIComponent(ideaId)}`, {
    method: "PATCH",
    body: patch,
    schema: ideaSchema,
    fallbackError: "Failed to save the idea",
  }).then((body) => body.idea);

export const useUpdateIdea = (tripId: string) =>
  useOwnIdeaChange(
    tripId,
    "update-idea",
    ({ ideaId, patch }: { ideaId: string; patch: IdeaPatch }) => updateIdea(tripId, ideaId, patch),
  );
