import { z } from "zod";

/** What an assistant may be allowed, in the words of the consent page and the account page. */
export const ASSISTANT_SCOPE_LABELS: Record<string, string> = {
  "trips:read": "read your trips",
  "trips:write": "plan and change your trips",
};

export const ASSISTANT_MESSAGES = {
  loadFailed: "Failed to load your connected assistants",
  revokeFailed: "Failed to revoke the assistant. Please try again.",
  loadClientFailed: "This connection request is no longer valid. Start again from your assistant.",
  answerFailed: "Failed to answer the assistant. Please try again.",
  unnamed: "An assistant",
} as const;

/** `GET /api/account/assistants`: the assistants the user allowed, with what and when last used. */
export const connectedAssistantSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  lastUsedAt: z.string().nullable(),
});
export type ConnectedAssistant = z.infer<typeof connectedAssistantSchema>;
export const assistantsResponseSchema = z.object({ assistants: z.array(connectedAssistantSchema) });

/** Better Auth's `GET /api/auth/oauth2/public-client`: the fields of a client anyone may see. */
export const consentClientSchema = z.object({
  client_id: z.string(),
  client_name: z.string().optional(),
});

/** Better Auth's `POST /api/auth/oauth2/consent` answer: where the browser goes next. */
export const consentAnswerSchema = z.object({ url: z.string() });
