import type { IdeaInput } from "#shared/schemas/ideas.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

export const CREATE_IDEA_FAILED = "Failed to add the idea";

const ideaSchema = lazySchema(
  async () => (await import("#shared/schemas/ideas.ts")).ideaResponseSchema,
);

/** POST /api/trips/:id/ideas → 201 { idea }. */
export const createIdea = (tripId: string, input: IdeaInput) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/ideas`, {
    method: "POST",
    body: input,
    schema: ideaSchema,
    fallbackError: CREATE_IDEA_FAILED,
  }).then((body) => body.idea);

export const useCreateIdea = (tripId: string) =>
  useOwnIdeaChange(tripId, "add-idea", (input: IdeaInput) => createIdea(tripId, input));
