import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startOpenAIFake, type OpenAIFake } from "./openai-fake.ts";

let fake: OpenAIFake;
const client = () =>
  new OpenAI({ baseURL: fake.url, apiKey: "test-key", maxRetries: 0, timeout: 2_000 });

beforeAll(async () => {
  fake = await startOpenAIFake({ apiKey: "test-key" });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const ask = { model: "fake-model", messages: [{ role: "user" as const, content: "Hello" }] };

describe("OpenAI-compatible fake, as the official SDK sees it", () => {
  it("answers a plain completion in the chat.completion shape", async () => {
    fake.enqueue({ kind: "content", content: "Bonjour!" });
    const completion = await client().chat.completions.create(ask);
    expect(completion.object).toBe("chat.completion");
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices[0]?.message).toMatchObject({
      role: "assistant",
      content: "Bonjour!",
    });
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage?.completion_tokens).toBe(2);
    expect(fake.requests[0]?.body.messages[0]?.content).toBe("Hello");
  });

  it("streams chat.completion.chunk events, then usage, then [DONE]", async () => {
    fake.enqueue({ kind: "content", content: "One two three four" });
    const stream = await client().chat.completions.create({
      ...ask,
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    const finishes: (string | null)[] = [];
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      expect(chunk.object).toBe("chat.completion.chunk");
      if (chunk.choices.length === 0) usage = chunk.usage;
      for (const choice of chunk.choices) {
        deltas.push(choice.delta.content ?? "");
        finishes.push(choice.finish_reason);
      }
    }
    expect(deltas.join("")).toBe("One two three four");
    expect(finishes.at(-1)).toBe("stop");
    expect(finishes.slice(0, -1).every((f) => f === null)).toBe(true);
    expect(usage?.completion_tokens).toBe(5);
  });

  it("paces output at the configured token rate after the first-token delay", async () => {
    fake.setPace({ tokensPerSecond: 100, firstTokenMs: 100 });
    fake.enqueue({ kind: "content", content: "x".repeat(4 * 20) });
    const started = performance.now();
    const stream = await client().chat.completions.create({ ...ask, stream: true });
    let first = 0;
    for await (const chunk of stream) {
      if (!first && chunk.choices[0]?.delta.content) first = performance.now() - started;
    }
    const total = performance.now() - started;
    fake.setPace({ tokensPerSecond: Infinity, firstTokenMs: 0 });
    expect(first).toBeGreaterThanOrEqual(95);
    expect(total).toBeGreaterThanOrEqual(100 + 19 * 10 - 10);
  });

  it("accepts json_schema and json_object response formats and records them", async () => {
    fake.enqueue(
      { kind: "content", content: '{"ok":true}' },
      { kind: "content", content: '{"ok":false}' },
    );
    const schema = {
      type: "object",
      properties: { ok: { type: "boolean" } },
      required: ["ok"],
      additionalProperties: false,
    };
    const a = await client().chat.completions.create({
      ...ask,
      response_format: {
        type: "json_schema",
        json_schema: { name: "answer", schema, strict: true },
      },
    });
    const b = await client().chat.completions.create({
      ...ask,
      response_format: { type: "json_object" },
    });
    expect(JSON.parse(a.choices[0]?.message.content ?? "")).toEqual({ ok: true });
    expect(JSON.parse(b.choices[0]?.message.content ?? "")).toEqual({ ok: false });
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual([
      "json_schema",
      "json_object",
    ]);
  });

  it("sends refusals in message.refusal with no content", async () => {
    fake.enqueue({ kind: "refusal", refusal: "I can't help with that." });
    const completion = await client().chat.completions.create(ask);
    expect(completion.choices[0]?.message.content).toBeNull();
    expect(completion.choices[0]?.message.refusal).toBe("I can't help with that.");
  });

  it("reports truncation with finish_reason length", async () => {
    fake.enqueue({ kind: "content", content: '{"days":[', finishReason: "length" });
    const completion = await client().chat.completions.create(ask);
    expect(completion.choices[0]?.finish_reason).toBe("length");
  });

  it("returns OpenAI's error bodies: 401, 429 with Retry-After, 500, 503", async () => {
    const wrongKey = new OpenAI({ baseURL: fake.url, apiKey: "nope", maxRetries: 0 });
    await expect(wrongKey.chat.completions.create(ask)).rejects.toMatchObject({
      status: 401,
      code: "invalid_api_key",
    });

    fake.enqueue({ kind: "error", status: 429, retryAfterSeconds: 7 });
    const limited = await client()
      .chat.completions.create(ask)
      .catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers.get("retry-after")).toBe(
      "7",
    );

    fake.enqueue({ kind: "error", status: 500 }, { kind: "error", status: 503 });
    await expect(client().chat.completions.create(ask)).rejects.toBeInstanceOf(
      OpenAI.InternalServerError,
    );
    await expect(client().chat.completions.create(ask)).rejects.toMatchObject({ status: 503 });
  });

  it("lets the SDK retry a 429 honouring Retry-After, then succeed", async () => {
    fake.enqueue(
      { kind: "error", status: 429, retryAfterSeconds: 0 },
      { kind: "content", content: "after retry" },
    );
    const retrying = new OpenAI({ baseURL: fake.url, apiKey: "test-key", maxRetries: 2 });
    const completion = await retrying.chat.completions.create(ask);
    expect(completion.choices[0]?.message.content).toBe("after retry");
    expect(fake.requests).toHaveLength(2);
  });

  it("hangs until the client times out", async () => {
    fake.enqueue({ kind: "hang" });
    const impatient = new OpenAI({
      baseURL: fake.url,
      apiKey: "test-key",
      maxRetries: 0,
      timeout: 200,
    });
    await expect(impatient.chat.completions.create(ask)).rejects.toBeInstanceOf(
      OpenAI.APIConnectionTimeoutError,
    );
  });

  it("can reject json_schema like providers without structured outputs", async () => {
    const strictless = await startOpenAIFake({ rejectJsonSchema: true });
    const c = new OpenAI({ baseURL: strictless.url, apiKey: "k", maxRetries: 0 });
    const error = await c.chat.completions
      .create({
        ...ask,
        response_format: {
          type: "json_schema",
          json_schema: { name: "x", schema: { type: "object" } },
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain("json_schema");
    await strictless.close();
  });

  it("takes scripted replies over HTTP for tests in another process", async () => {
    await fetch(`${fake.origin}/__fake/enqueue`, {
      method: "POST",
      body: JSON.stringify({ replies: [{ kind: "content", content: "scripted" }] }),
    });
    const completion = await client().chat.completions.create(ask);
    expect(completion.choices[0]?.message.content).toBe("scripted");
    const logged = (await (await fetch(`${fake.origin}/__fake/requests`)).json()) as unknown[];
    expect(logged).toHaveLength(1);
  });
});
