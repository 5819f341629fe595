import { useMutation, useQuery } from "@tanstack/react-query";
import { ASSISTANT_MESSAGES } from "#shared/schemas/assistants.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const clientSchema = lazySchema(
  async () => (await import("#shared/schemas/assistants.ts")).consentClientSchema,
);
const answerSchema = lazySchema(
  async () => (await import("#shared/schemas/assistants.ts")).consentAnswerSchema,
);

/** The assistant asking (its registered name), from Better Auth's OAuth provider. */
export const useConsentClient = (clientId: string) =>
  useQuery({
    queryKey: ["oauth-client", clientId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/auth/oauth2/public-client?client_id=${encodeURIComponent(clientId)}`, {
        schema: clientSchema,
        fallbackError: ASSISTANT_MESSAGES.loadClientFailed,
        signal,
      }),
    retry: false,
  });

/**
 * Allow or Deny: the provider checks the signed request this page was opened with (`oauthQuery`,
 * the page's query string) and answers where the browser goes: back to the assistant, with a code
 * or with access_denied.
 */
export const useAnswerConsent = (oauthQuery: string) =>
  useMutation({
    mutationFn: (accept: boolean) =>
      apiRequest("/auth/oauth2/consent", {
        method: "POST",
        body: { accept, oauth_query: oauthQuery },
        schema: answerSchema,
        fallbackError: ASSISTANT_MESSAGES.answerFailed,
      }),
  });
