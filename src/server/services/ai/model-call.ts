import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { GenerationError, type GenerationUsage } from "./itinerary-generator.ts";

export type ModelSettings = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

/** Shared by every call of one generation: usage totals and whether the provider refused json_schema. */
export type CallState = { usage: GenerationUsage; jsonSchemaRejected: boolean };

const MAX_RETRIES = 2;
/** A Retry-After longer than this is a provider that will not recover in time for the user waiting. */
const MAX_RETRY_WAIT_MS = 20_000;

export function createModelClient(settings: ModelSettings) {
  // Retries are ours (below): the SDK's would also retry timeouts and could not tell quota from rate.
  return new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey,
    timeout: settings.timeoutMs,
    maxRetries: 0,
  });
}

const failed = (code: ConstructorParameters<typeof GenerationError>[0], cause?: unknown) =>
  new GenerationError(code, MESSAGES.generateTripFailed, { cause });

function isRetryable(error: unknown): error is APIError {
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError)
    return false;
  if (error instanceof APIConnectionError) return true;
  if (!(error instanceof APIError) || error.status === undefined) return false;
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
  client: OpenAI;
  model: string;
  messages: ChatCompletionMessageParam[];
  schemaName: string;
  jsonSchema: Record<string, unknown>;
  maxTokens: number;
  signal: AbortSignal;
  state: CallState;
};

/**
 * Calls are not streamed to the user: an answer reaches the browser only after it validated, so a
 * retry here never repeats or contradicts anything the user has already seen.
 */
async function createWithRetries(options: CompleteOptions, useJsonSchema: boolean) {
  const { client, model, messages, maxTokens, signal } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await client.chat.completions.create(
        {
          model,
          messages,
          max_tokens: maxTokens,
          temperature: 0.7,
          response_format: useJsonSchema
            ? {
                type: "json_schema",
                json_schema: { name: options.schemaName, schema: options.jsonSchema, strict: true },
              }
            : { type: "json_object" },
        },
        { signal },
      );
    } catch (error) {
      if (signal.aborted || error instanceof APIUserAbortError)
        throw new GenerationError("aborted", "aborted", { cause: error });
      if (error instanceof APIConnectionTimeoutError) throw failed("ai_timeout", error);
      if (!isRetryable(error) || attempt >= MAX_RETRIES) throw error;
      const wait = retryDelayMs(error, attempt);
      if (wait > MAX_RETRY_WAIT_MS) throw error;
      await sleep(wait, signal);
    }
  }
}

/** One chat completion that must answer with JSON text. Throws GenerationError for every failure. */
async function completeJson(options: CompleteOptions): Promise<string> {
  let response;
  try {
    try {
      response = await createWithRetries(options, !options.state.jsonSchemaRejected);
    } catch (error) {
      // Providers without structured outputs answer json_schema with a 400: ask again for json_object.
      const rejected =
        error instanceof APIError &&
        (error.status === 400 || error.status === 422) &&
        !options.state.jsonSchemaRejected;
      if (!rejected) throw error;
      options.state.jsonSchemaRejected = true;
      response = await createWithRetries(options, false);
    }
  } catch (error) {
    if (error instanceof GenerationError) throw error;
    throw failed("ai_unavailable", error);
  }

  const { usage } = options.state;
  usage.calls += 1;
  usage.promptTokens += response.usage?.prompt_tokens ?? 0;
  usage.completionTokens += response.usage?.completion_tokens ?? 0;

  const choice = response.choices[0];
  if (choice?.message.refusal) throw failed("ai_refused");
  if (choice?.finish_reason === "content_filter") throw failed("ai_refused");
  if (choice?.finish_reason === "length") throw failed("ai_truncated");
  const content = choice?.message.content;
  if (!content?.trim()) throw new GenerationError("ai_no_content", MESSAGES.noContentInResponse);
  return content;
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

export type JsonCall<T> = Omit<CompleteOptions, "jsonSchema"> & { schema: z.ZodType<T> };

/** The JSON Schema sent as `response_format`, made from the same zod schema that validates answers. */
export function toResponseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12" });
  return rest;
}

/** Asks, validates with zod, and gives a failing answer one repair attempt that names the problem. */
export async function callForJson<T>(call: JsonCall<T>): Promise<T> {
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
  const second = await completeJson({ ...call, messages: repairMessages, jsonSchema });
  const repaired = parseAnswer(second, call.schema);
  if (repaired.ok) return repaired.data;
  throw failed("ai_invalid_answer", new Error(repaired.problem));
}
