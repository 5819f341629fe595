import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

const pollSchema = lazySchema(
  async () => (await import("#shared/schemas/polls.ts")).pollResponseSchema,
);

/** POST /api/trips/:id/polls/:pollId/vote { optionIds }. */
export const votePoll = (tripId: string, pollId: string, optionIds: string[]) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/polls/${encodeURIComponent(pollId)}/vote`, {
    method: "POST",
    body: { optionIds },
    schema: pollSchema,
    fallbackError: "Failed to vote",
  }).then((body) => body.poll);

export const useVotePoll = (tripId: string) =>
  useOwnIdeaChange(tripId, "vote-poll", (input: { pollId: string; optionIds: string[] }) =>
    votePoll(tripId, input.pollId, input.optionIds),
  );
