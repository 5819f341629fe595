import OpenAI from "openai";
import { CHAT_MAX_TOKENS, CHAT_TEMPERATURE } from "#shared/constants.ts";
import type { ChatModel } from "./chat-model.ts";

/**
 * A 429 for an exhausted quota will not clear by waiting (unlike a rate limit), so tell the SDK not
 * to retry it; the SDK obeys the `x-should-retry` header.
 */
const fetchWithoutQuotaRetries: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status !== 429) return response;
  const body = await response.text();
  const headers = new Headers(response.headers);
  if (body.includes("insufficient_quota")) headers.set("x-should-retry", "false");
  return new Response(body, { status: 429, statusText: response.statusText, headers });
};

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
    fetch: fetchWithoutQuotaRetries,
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
