import type * as OpenAiSdk from "openai";
import type OpenAI from "openai";
import type { APIError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { GenerationError } from "./model-error.ts";

/*
 * The one client for every call to the OpenAI-compatible service: the planner's outline and batches,
 * a regenerated day, the chat's streamed text and its trip proposals. Retries, Retry-After, quota,
 * timeouts, json_schema with the json_object fallback, the repair call, streaming and usage all live
 * here, so no caller wraps the SDK its own way.
 */

export type ModelSettings = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

export type ModelUsage = { calls: number; promptTokens: number; completionTokens: number };

/** Shared by every call of one task: usage totals and whether the provider refused json_schema. */
export type CallState = { usage: ModelUsage; jsonSchemaRejected: boolean };

export const newCallState = (): CallState => ({
  usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
  jsonSchemaRejected: false,
});

const MAX_RETRIES = 2;
/** A Retry-After longer than this is a provider that will not recover in time for the user waiting. */
const MAX_RETRY_WAIT_MS = 20_000;

type OpenAiModule = typeof OpenAiSdk;

/** The SDK's module (its error classes are checked with instanceof) and the client made from it. */
type Sdk = { openai: OpenAiModule; client: OpenAI };

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
        // Retries are ours (below): the SDK's would also retry timeouts and could not tell quota from rate.
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

const failed = (code: ConstructorParameters<typeof GenerationError>[0], cause?: unknown) =>
  new GenerationError(code, MESSAGES.generateTripFailed, { cause });

function isRetryable(openai: OpenAiModule, error: unknown): error is APIError {
  if (
    error instanceof openai.APIConnectionTimeoutError ||
    error instanceof openai.APIUserAbortError
  )
    return false;
  if (error instanceof openai.APIConnectionError) return true;
  if (!(error instanceof openai.APIError) || error.status === undefined) return false;
  // 429 for an exhausted quota will not clear by waiting (WIRE-FORMATS: "quota (don't retry)").
  if (error.status === 429) return error.code !== "insufficient_quota";
  return error.status === 408 || error.status === 409 || error.status >= 500;
}

/** Retry-After(-ms) when the provider sent one, else 0.5 s·2ⁿ with jitter, capped at 8 s. */
function retryDelayMs(error: APIError, attempt: number): number {
  const headers = error.headers;
  const ms = Number(headers?.get("retry-after-ms"));
  if (Number.isFinite(ms) && ms >= 0 && headers?.has("retry-after-ms")) return ms;
  const retryAfter = headers?.get("retry-after");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return Math.min(8000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new GenerationError("aborted", "aborted"));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

type CompleteOptions = {
  sdk: Sdk;
  model: string;
  messages: ChatCompletionMessageParam[];
  schemaName: string;
  jsonSchema: Record<string, unknown>;
  maxTokens: number;
  temperature?: number;
  /** An opaque id of the end user, for the provider's abuse monitoring. */
  endUser?: string;
  /** Streaming calls have no SDK timeout once headers arrived: this bounds the silence between chunks. */
  timeoutMs: number;
  signal: AbortSignal;
  state: CallState;
  /** When set, the answer is streamed and this sees the text so far (never shown to the user as is). */
  onContent?: (textSoFar: string) => void;
};

/**
 * Only the request is retried, before any answer arrived; partial answers are never shown to the
 * user (an answer reaches the browser only after it validated), so a retry repeats nothing they saw.
 */
async function withRetries<T>(
  openai: OpenAiModule,
  create: () => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (signal.aborted || error instanceof openai.APIUserAbortError)
        throw new GenerationError("aborted", "aborted", { cause: error });
      if (error instanceof openai.APIConnectionTimeoutError) throw failed("ai_timeout", error);
      if (!isRetryable(openai, error) || attempt >= MAX_RETRIES) throw error;
      const wait = retryDelayMs(error, attempt);
      if (wait > MAX_RETRY_WAIT_MS) throw error;
      await sleep(wait, signal);
    }
  }
}

type Answer = {
  content: string | null;
  refusal: string | null;
  finishReason: string | null;
  usage: { prompt_tokens: number; completion_tokens: number } | null | undefined;
};

function requestBody(options: CompleteOptions, useJsonSchema: boolean) {
  return {
    model: options.model,
    messages: options.messages,
    max_tokens: options.maxTokens,
    temperature: options.temperature ?? 0.7,
    ...(options.endUser ? { user: options.endUser } : {}),
    response_format: useJsonSchema
      ? {
          type: "json_schema" as const,
          json_schema: { name: options.schemaName, schema: options.jsonSchema, strict: true },
        }
      : { type: "json_object" as const },
  };
}

async function createAnswer(options: CompleteOptions, useJsonSchema: boolean): Promise<Answer> {
  const response = await withRetries(
    options.sdk.openai,
    () =>
      options.sdk.client.chat.completions.create(requestBody(options, useJsonSchema), {
        signal: options.signal,
      }),
    options.signal,
  );
  const choice = response.choices[0];
  return {
    content: choice?.message.content ?? null,
    refusal: choice?.message.refusal ?? null,
    finishReason: choice?.finish_reason ?? null,
    usage: response.usage,
  };
}

async function streamAnswer(
  options: CompleteOptions,
  useJsonSchema: boolean,
  onContent: (textSoFar: string) => void,
): Promise<Answer> {
  const call = new AbortController();
  const stopCall = () => call.abort();
  options.signal.addEventListener("abort", stopCall, { once: true });
  let idle = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      call.abort();
    }, options.timeoutMs);
  };
  const answer: Answer = { content: "", refusal: null, finishReason: null, usage: null };
  try {
    const stream = await withRetries(
      options.sdk.openai,
      () =>
        options.sdk.client.chat.completions.create(
          {
            ...requestBody(options, useJsonSchema),
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: call.signal },
        ),
      options.signal,
    );
    arm();
    for await (const chunk of stream) {
      arm();
      if (chunk.usage) answer.usage = chunk.usage;
      const choice = chunk.choices[0];
      if (choice?.delta.refusal) answer.refusal = (answer.refusal ?? "") + choice.delta.refusal;
      if (choice?.finish_reason) answer.finishReason = choice.finish_reason;
      if (choice?.delta.content) {
        answer.content += choice.delta.content;
        onContent(answer.content ?? "");
      }
    }
    return answer;
  } catch (error) {
    if (options.signal.aborted) throw new GenerationError("aborted", "aborted", { cause: error });
    if (idle) throw failed("ai_timeout", error);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", stopCall);
  }
}

/** One chat completion that must answer with JSON text. Throws GenerationError for every failure. */
async function completeJson(options: CompleteOptions): Promise<string> {
  const ask = (useJsonSchema: boolean) =>
    options.onContent
      ? streamAnswer(options, useJsonSchema, options.onContent)
      : createAnswer(options, useJsonSchema);
  let answer: Answer;
  try {
    try {
      answer = await ask(!options.state.jsonSchemaRejected);
    } catch (error) {
      // Providers without structured outputs answer json_schema with a 400: ask again for json_object.
      const rejected =
        error instanceof options.sdk.openai.APIError &&
        (error.status === 400 || error.status === 422) &&
        !options.state.jsonSchemaRejected;
      if (!rejected) throw error;
      options.state.jsonSchemaRejected = true;
      answer = await ask(false);
    }
  } catch (error) {
    if (error instanceof GenerationError) throw error;
    throw failed("ai_unavailable", error);
  }

  const { usage } = options.state;
  usage.calls += 1;
  usage.promptTokens += answer.usage?.prompt_tokens ?? 0;
  usage.completionTokens += answer.usage?.completion_tokens ?? 0;

  if (answer.refusal) throw failed("ai_refused");
  if (answer.finishReason === "content_filter") throw failed("ai_refused");
  if (answer.finishReason === "length") throw failed("ai_truncated");
  if (!answer.content?.trim())
    throw new GenerationError("ai_no_content", MESSAGES.noContentInResponse);
  return answer.content;
}

/** What was wrong with an answer, in words the model can act on; null when it is valid. */
function parseAnswer<T>(
  content: string,
  schema: z.ZodType<T>,
): { ok: true; data: T } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, problem: "The answer was not valid JSON." };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues
    .slice(0, 8)
    .map((i) => `- ${i.path.join(".") || "(root)"}: ${i.message}`);
  return { ok: false, problem: `The JSON did not match the required shape:\n${issues.join("\n")}` };
}

export type JsonCall<T> = Omit<CompleteOptions, "jsonSchema" | "sdk" | "model" | "timeoutMs"> & {
  schema: z.ZodType<T>;
};

/** The JSON Schema sent as `response_format`, made from the same zod schema that validates answers. */
export function toResponseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12" });
  return withoutDefaults(rest) as Record<string, unknown>;
}

/**
 * The schema without `default` keywords: strict structured outputs do not list them, and a field's
 * tolerance (`.catch(null)`) is our own business, not the model's — the field stays required.
 */
function withoutDefaults(node: unknown, isPropertyMap = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutDefaults(item));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      // Under `properties` the keys are field names: a field called "default" stays.
      .filter(([key]) => isPropertyMap || key !== "default")
      .map(([key, value]) => [key, withoutDefaults(value, !isPropertyMap && key === "properties")]),
  );
}

/** The model, its timeout and the SDK, loaded with the first call. */
type Connection = { sdk: () => Promise<Sdk>; model: string; timeoutMs: number };

/** Asks, validates with zod, and gives a failing answer one repair attempt that names the problem. */
async function callForJson<T>(connection: Connection, jsonCall: JsonCall<T>): Promise<T> {
  const { model, timeoutMs } = connection;
  const sdk = await connection.sdk().catch((error: unknown) => {
    throw failed("ai_unavailable", error);
  });
  const call = { ...jsonCall, sdk, model, timeoutMs };
  const jsonSchema = toResponseSchema(call.schema);
  const first = await completeJson({ ...call, jsonSchema });
  const parsed = parseAnswer(first, call.schema);
  if (parsed.ok) return parsed.data;

  const repairMessages: ChatCompletionMessageParam[] = [
    ...call.messages,
    { role: "assistant", content: first.slice(0, 20_000) },
    {
      role: "user",
      content: `${parsed.problem}\nReply again with only the corrected JSON object, complete and in the same shape.`,
    },
  ];
  const second = await completeJson({
    ...call,
    messages: repairMessages,
    jsonSchema,
    onContent: undefined,
  });
  const repaired = parseAnswer(second, call.schema);
  if (repaired.ok) return repaired.data;
  throw failed("ai_invalid_answer", new Error(repaired.problem));
}

export type TextCall = {
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
  /** One JSON answer validated by `schema`, with one repair call; throws GenerationError. */
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
