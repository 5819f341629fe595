import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ASSISTANT_MESSAGES } from "#shared/schemas/assistants.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { getAssistantsQueryOptions } from "./get-assistants.ts";

export const revokeAssistant = (clientId: string) =>
  apiRequest(`/account/assistants/${encodeURIComponent(clientId)}`, {
    method: "DELETE",
    schema: z.undefined(),
    fallbackError: ASSISTANT_MESSAGES.revokeFailed,
  });

/** Revoke ends the assistant's tokens at once; the list is read again either way. */
export function useRevokeAssistant(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAssistant,
    onSettled: () => queryClient.invalidateQueries(getAssistantsQueryOptions(userId)),
  });
}
