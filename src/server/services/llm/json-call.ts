import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { failed, InvalidAnswerError, ModelError } from "./model-error.ts";
import { withRetries, type Sdk } from "./retry.ts";
import type { CallState } from "./usage.ts";

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
    if (options.signal.aborted) throw new ModelError("aborted", "aborted", { cause: error });
    if (idle) throw failed("ai_timeout", error);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", stopCall);
  }
}

/** One chat completion that must answer with JSON text. Throws ModelError for every failure. */
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
    if (error instanceof ModelError) throw error;
    throw failed("ai_unavailable", error);
  }

  const { usage } = options.state;
  usage.calls += 1;
  usage.promptTokens += answer.usage?.prompt_tokens ?? 0;
  usage.completionTokens += answer.usage?.completion_tokens ?? 0;

  if (answer.refusal) throw failed("ai_refused");
  if (answer.finishReason === "content_filter") throw failed("ai_refused");
  if (answer.finishReason === "length") throw failed("ai_truncated");
  if (!answer.content?.trim()) throw new ModelError("ai_no_content", MESSAGES.noContentInResponse);
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
export type Connection = { sdk: () => Promise<Sdk>; model: string; timeoutMs: number };

/** Asks, validates with zod, and gives a failing answer one repair attempt that names the problem. */
export async function callForJson<T>(connection: Connection, jsonCall: JsonCall<T>): Promise<T> {
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
  throw failed("ai_invalid_answer", new InvalidAnswerError(repaired.problem, [first, second]));
}
