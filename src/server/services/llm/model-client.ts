import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { callForJson, type Connection, type JsonCall } from "./json-call.ts";
import { withRetries, type OpenAiModule, type Sdk } from "./retry.ts";
import type { CallState } from "./usage.ts";

/*
 * The one client for every call to the OpenAI-compatible service: the planner's outline and batches,
 * a regenerated day, the chat's streamed text and its trip proposals. Retries, Retry-After, quota and
 * timeouts (retry.ts), json_schema with the json_object fallback and the repair call (json-call.ts),
 * streaming and usage (usage.ts) all live in this folder, so no caller wraps the SDK its own way.
 */

type ModelSettings = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

/*
 * The SDK is imported with the first model call, not at start-up: a server without AI_* settings
 * never needs it, and one with them starts answering before the first trip is planned.
 */
let openAiModule: Promise<OpenAiModule> | undefined;
const loadOpenAi = () => (openAiModule ??= import("openai"));

function createSdk(settings: ModelSettings): () => Promise<Sdk> {
  let sdk: Promise<Sdk> | undefined;
  return () =>
    (sdk ??= loadOpenAi()
      .then((openai) => ({
        openai,
        // Retries are ours (retry.ts): the SDK's would also retry timeouts and could not tell quota from rate.
        client: new openai.OpenAI({
          baseURL: settings.baseUrl,
          apiKey: settings.apiKey,
          timeout: settings.timeoutMs,
          maxRetries: 0,
        }),
      }))
      .catch((error: unknown) => {
        // A failed import is not cached: the next call tries again.
        sdk = undefined;
        openAiModule = undefined;
        throw error;
      }));
}

type TextCall = {
  messages: ChatCompletionMessageParam[];
  maxTokens: number;
  temperature: number;
  signal?: AbortSignal;
  endUser?: string;
  /** Counted here when given (calls and tokens of the answer). */
  state?: CallState;
};

/**
 * A streamed plain-text answer. The request is retried (connection errors, 429 that is not a quota,
 * 5xx, honouring Retry-After) only before its first piece arrived, so nothing the user already saw
 * is repeated; `timeoutMs` bounds the whole answer, stream included.
 */
async function* streamText(connection: Connection, call: TextCall): AsyncGenerator<string> {
  const deadline = AbortSignal.timeout(connection.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, deadline]) : deadline;
  const sdk = await connection.sdk();
  const stream = await withRetries(
    sdk.openai,
    () =>
      sdk.client.chat.completions.create(
        {
          model: connection.model,
          messages: call.messages,
          temperature: call.temperature,
          max_tokens: call.maxTokens,
          stream: true,
          stream_options: { include_usage: true },
          ...(call.endUser ? { user: call.endUser } : {}),
        },
        { signal },
      ),
    signal,
  );
  if (call.state) call.state.usage.calls += 1;
  for await (const chunk of stream) {
    if (chunk.usage && call.state) {
      call.state.usage.promptTokens += chunk.usage.prompt_tokens;
      call.state.usage.completionTokens += chunk.usage.completion_tokens;
    }
    const delta = chunk.choices[0]?.delta;
    const text = delta?.content ?? delta?.refusal;
    if (text) yield text;
  }
}

export type ModelClient = {
  readonly model: string;
  readonly timeoutMs: number;
  /** One JSON answer validated by `schema`, with one repair call; throws ModelError. */
  callForJson<T>(call: JsonCall<T>): Promise<T>;
  /** A streamed text answer (the chat). */
  streamText(call: TextCall): AsyncIterable<string>;
};

export function createModelClient(settings: ModelSettings): ModelClient {
  const connection = {
    sdk: createSdk(settings),
    model: settings.model,
    timeoutMs: settings.timeoutMs,
  };
  return {
    model: settings.model,
    timeoutMs: settings.timeoutMs,
    callForJson: (call) => callForJson(connection, call),
    streamText: (call) => streamText(connection, call),
  };
}
