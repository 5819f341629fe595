import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

export const LOAD_INVITATION_FAILED = "Failed to load the invitation";

const invitationSchema = lazySchema(
  async () => (await import("#shared/schemas/trip-members.ts")).invitationResponseSchema,
);

export const getInvitation = (token: string, signal?: AbortSignal) =>
  apiRequest(`/invites/${encodeURIComponent(token)}`, {
    schema: invitationSchema,
    fallbackError: LOAD_INVITATION_FAILED,
    signal,
  }).then((body) => body.invitation);

export const getInvitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["invites", token] as const,
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
  });

export const useInvitation = (token: string) => useQuery(getInvitationQueryOptions(token));
