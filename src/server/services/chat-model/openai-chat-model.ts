import { CHAT_MAX_TOKENS, CHAT_TEMPERATURE } from "#shared/constants.ts";
import type { ModelClient } from "../model/model-client.ts";
import type { ChatModel } from "./chat-model.ts";

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
  };
}
