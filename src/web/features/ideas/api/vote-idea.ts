import type { IdeaVote } from "#shared/schemas/ideas.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

const ideaSchema = lazySchema(
  async () => (await import("#shared/schemas/ideas.ts")).ideaResponseSchema,
);

/** POST /api/trips/:id/ideas/:ideaId/vote { vote: "up" | "down" | null }. */
export const voteIdea = (tripId: string, ideaId: string, vote: IdeaVote | null) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/ideas/${encodeURIComponent(ideaId)}/vote`, {
    method: "POST",
    body: { vote },
    schema: ideaSchema,
    fallbackError: "Failed to vote",
  }).then((body) => body.idea);

export const useVoteIdea = (tripId: string) =>
  useOwnIdeaChange(tripId, "vote-idea", (input: { ideaId: string; vote: IdeaVote | null }) =>
    voteIdea(tripId, input.ideaId, input.vote),
  );
