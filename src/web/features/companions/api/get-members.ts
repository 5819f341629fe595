import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

export const LOAD_MEMBERS_FAILED = "Failed to load the people on this trip";

const membersSchema = lazySchema(
  async () => (await import("#shared/schemas/trip-members.ts")).tripMembersResponseSchema,
);

export const getMembers = (tripId: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/members`, {
    schema: membersSchema,
    fallbackError: LOAD_MEMBERS_FAILED,
    signal,
  });

export const membersKey = (tripId: string) => ["trips", "members", tripId] as const;

export const getMembersQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: membersKey(tripId),
    queryFn: ({ signal }) => getMembers(tripId, signal),
  });

export const useMembers = (tripId: string) => useQuery(getMembersQueryOptions(tripId));
