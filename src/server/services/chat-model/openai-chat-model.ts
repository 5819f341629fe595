import OpenAI from "openai";
import { CHAT_MAX_TOKENS, CHAT_TEMPERATURE } from "#shared/constants.ts";
import type { ChatModel } from "./chat-model.ts";

/**
 * Any OpenAI-compatible chat-completions service, streamed. The SDK retries connection errors, 429 and
 * 5xx (backing off, honouring Retry-After) before the response starts, so nothing is ever retried
 * after output has reached the visitor. `timeoutMs` bounds the whole answer, stream included.
 */
export function createOpenAIChatModel(options: {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  maxRetries?: number;
}): ChatModel {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries ?? 2,
  });
  return {
    async *stream(messages, { signal, endUser }) {
      const deadline = AbortSignal.timeout(options.timeoutMs);
      const stream = await client.chat.completions.create(
        {
          model: options.model,
          messages,
          temperature: CHAT_TEMPERATURE,
          max_tokens: CHAT_MAX_TOKENS,
          stream: true,
          ...(endUser ? { user: endUser } : {}),
        },
        { signal: signal ? AbortSignal.any([signal, deadline]) : deadline },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        const text = delta?.content ?? delta?.refusal;
        if (text) yield text;
      }
    },
  };
}
