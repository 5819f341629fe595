import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

const pollSchema = lazySchema(
  async () => (await import("#shared/schemas/polls.ts")).pollResponseSchema,
);

/** POST /api/trips/:id/polls/:pollId/close (the creator or the owner). */
export const closePoll = (tripId: string, pollId: string) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/polls/${encodeURIComponent(pollId)}/close`, {
    method: "POST",
    schema: pollSchema,
    fallbackError: "Failed to close the poll",
  }).then((body) => body.poll);

export const useClosePoll = (tripId: string) =>
  useOwnIdeaChange(tripId, "close-poll", (pollId: string) => closePoll(tripId, pollId));
