import type { PollInput } from "#shared/schemas/polls.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { useOwnIdeaChange } from "./own-idea-change.ts";

const pollSchema = lazySchema(
  async () => (await import("#shared/schemas/polls.ts")).pollResponseSchema,
);

/** POST /api/trips/:id/polls → 201 { poll }. */
export const createPoll = (tripId: string, input: PollInput) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/polls`, {
    method: "POST",
    body: input,
    schema: pollSchema,
    fallbackError: "Failed to ask the question",
  }).then((body) => body.poll);

export const useCreatePoll = (tripId: string) =>
  useOwnIdeaChange(tripId, "add-poll", (input: PollInput) => createPoll(tripId, input));
