import { queryOptions, useQuery } from "@tanstack/react-query";
import { ASSISTANT_MESSAGES } from "#shared/schemas/assistants.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const assistantsSchema = lazySchema(
  async () => (await import("#shared/schemas/assistants.ts")).assistantsResponseSchema,
);

export const getAssistants = (signal?: AbortSignal) =>
  apiRequest("/account/assistants", {
    schema: assistantsSchema,
    fallbackError: ASSISTANT_MESSAGES.loadFailed,
    signal,
  }).then((body) => body.assistants);

/** Keyed by user, so one account never sees another's cached list after switching. */
export const getAssistantsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["account", userId, "assistants"] as const,
    queryFn: ({ signal }) => getAssistants(signal),
  });

export const useAssistants = (userId: string) => useQuery(getAssistantsQueryOptions(userId));
