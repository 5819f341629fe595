import { CHAT_MAX_TOKENS, CHAT_TEMPERATURE } from "#shared/constants.ts";
import type { ModelClient } from "../services/llm/model-client.ts";
import { newCallState } from "../services/llm/usage.ts";
import type { ChatModel } from "./chat-model.ts";

const PROPOSAL_MAX_TOKENS = 3000;

/**
 * The assistant on any OpenAI-compatible chat-completions service, through the one model client:
 * text is streamed (retried only before the first piece, bounded by AI_TIMEOUT_MS as a whole).
 */
export function createOpenAIChatModel(client: ModelClient): ChatModel {
  return {
    stream: (messages, { signal, endUser }) =>
      client.streamText({
        messages,
        temperature: CHAT_TEMPERATURE,
        maxTokens: CHAT_MAX_TOKENS,
        signal,
        endUser,
      }),
    json: (messages, schema, { signal, endUser }) =>
      client.callForJson({
        messages,
        schema,
        schemaName: "trip_chat_answer",
        // A proposal carries whole days: room for a few of them.
        maxTokens: PROPOSAL_MAX_TOKENS,
        temperature: 0.7,
        signal: signal ?? AbortSignal.timeout(client.timeoutMs),
        state: newCallState(),
        ...(endUser ? { endUser } : {}),
      }),
  };
}
