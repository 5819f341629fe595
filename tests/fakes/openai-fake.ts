import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback OpenAI-compatible server: POST /v1/chat/completions (JSON and SSE), GET /v1/models.
 * It answers in the wire format of the real API (see shared/WIRE-FORMATS.md), errors included, and
 * paces its output at a fixed token rate so latency can be measured.
 *
 * Control for tests in other processes (e2e): POST /__fake/enqueue {replies}, POST /__fake/reset,
 * GET /__fake/requests.
 */

export type ChatMessage = { role: string; content: string | null };
export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: {
    type: "text" | "json_object" | "json_schema";
    json_schema?: { name: string; schema: unknown; strict?: boolean };
  };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
};

export type FakeReply =
  | { kind: "content"; content: string | null; finishReason?: "stop" | "length" | "content_filter" }
  | { kind: "refusal"; refusal: string }
  | {
      kind: "error";
      status: number;
      message?: string;
      code?: string;
      type?: string;
      retryAfterSeconds?: number;
    }
  | { kind: "hang" };

export type OpenAIFakeOptions = {
  /** Output pace; Infinity sends everything at once. */
  tokensPerSecond?: number;
  /** Delay before the first token (and before a non-streamed answer starts being "generated"). */
  firstTokenMs?: number;
  /** Bearer key the fake requires; undefined accepts any. */
  apiKey?: string;
  /** Answer 400 to json_schema requests, like providers without structured outputs. */
  rejectJsonSchema?: boolean;
  /** Builds the reply when no scripted reply is queued. */
  respond?: (request: ChatRequest) => FakeReply | string | Promise<FakeReply | string>;
};

export type RecordedRequest = {
  body: ChatRequest;
  headers: Record<string, string | string[] | undefined>;
  at: number;
  /** When the connection closed (undefined while it is open). */
  closedAt?: number;
  /** Whether the whole answer was sent before it closed (false: the client hung up first). */
  completed?: boolean;
};

/** About four characters a token, as OpenAI's tokenizers average on English text. */
export function splitIntoTokens(text: string): string[] {
  return text.match(/[\s\S]{1,4}/g) ?? [];
}

export const countTokens = (text: string) => Math.ceil(text.length / 4);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

const errorTypes: Record<number, string> = {
  400: "invalid_request_error",
  401: "invalid_request_error",
  404: "invalid_request_error",
  429: "requests",
  500: "server_error",
  503: "server_error",
};

function sendError(res: ServerResponse, reply: Extract<FakeReply, { kind: "error" }>) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-request-id": `req_${randomUUID()}`,
  };
  if (reply.retryAfterSeconds !== undefined)
    headers["retry-after"] = String(reply.retryAfterSeconds);
  if (reply.status === 429) {
    headers["x-ratelimit-limit-requests"] = "500";
    headers["x-ratelimit-remaining-requests"] = "0";
  }
  res.writeHead(reply.status, headers);
  res.end(
    JSON.stringify({
      error: {
        message: reply.message ?? defaultErrorMessage(reply.status),
        type: reply.type ?? errorTypes[reply.status] ?? "server_error",
        param: null,
        code: reply.code ?? (reply.status === 429 ? "rate_limit_exceeded" : null),
      },
    }),
  );
}

function defaultErrorMessage(status: number) {
  if (status === 401)
    return "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.";
  if (status === 429) return "Rate limit reached for requests. Please try again later.";
  if (status === 503) return "The engine is currently overloaded, please try again later";
  if (status === 500)
    return "The server had an error while processing your request. Sorry about that!";
  return "Invalid request";
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? JSON.parse(text) : {};
}

export async function startOpenAIFake(options: OpenAIFakeOptions = {}, port = 0) {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  let settings = {
    tokensPerSecond: options.tokensPerSecond ?? Infinity,
    firstTokenMs: options.firstTokenMs ?? 0,
  };

  const nextReply = async (body: ChatRequest): Promise<FakeReply> => {
    const scripted = queue.shift();
    if (scripted) return scripted;
    const built = options.respond ? await options.respond(body) : defaultReply(body);
    return typeof built === "string" ? { kind: "content", content: built } : built;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, { kind: "error", status: 500, message: String(error) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const closed = new AbortController();
    res.on("close", () => closed.abort());

    if (url.pathname === "/__fake/enqueue" && req.method === "POST") {
      const body = (await readJson(req)) as {
        replies?: FakeReply[];
        tokensPerSecond?: number;
        firstTokenMs?: number;
      };
      queue.push(...(body.replies ?? []));
      if (body.tokensPerSecond !== undefined || body.firstTokenMs !== undefined) {
        settings = {
          tokensPerSecond: body.tokensPerSecond ?? settings.tokensPerSecond,
          firstTokenMs: body.firstTokenMs ?? settings.firstTokenMs,
        };
      }
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === "/__fake/reset" && req.method === "POST") {
      queue.length = 0;
      requests.length = 0;
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === "/__fake/requests") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(requests.map((r) => r.body)));
      return;
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendError(res, { kind: "error", status: 401, code: "invalid_api_key" });
      return;
    }
    if (url.pathname === "/v1/models" && req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          data: [
            {
              id: "fake-model",
              object: "model",
              created: 1_700_000_000,
              owned_by: "boundless-tests",
            },
          ],
        }),
      );
      return;
    }
    if (url.pathname !== "/v1/chat/completions" || req.method !== "POST") {
      sendError(res, {
        kind: "error",
        status: 404,
        message: `Unknown request URL: ${req.method} ${url.pathname}`,
      });
      return;
    }

    let body: ChatRequest;
    try {
      body = (await readJson(req)) as ChatRequest;
    } catch {
      sendError(res, {
        kind: "error",
        status: 400,
        message: "We could not parse the JSON body of your request.",
      });
      return;
    }
    if (!Array.isArray(body.messages) || typeof body.model !== "string") {
      sendError(res, {
        kind: "error",
        status: 400,
        message: "'messages' and 'model' are required properties",
      });
      return;
    }
    const record: RecordedRequest = { body, headers: req.headers, at: Date.now() };
    requests.push(record);
    res.on("close", () => {
      record.closedAt = Date.now();
      record.completed = res.writableFinished;
    });
    if (options.rejectJsonSchema && body.response_format?.type === "json_schema") {
      sendError(res, {
        kind: "error",
        status: 400,
        message:
          "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
      });
      return;
    }

    const reply = await nextReply(body);
    if (reply.kind === "error") return sendError(res, reply);
    if (reply.kind === "hang") {
      // Hold the request open until the client gives up.
      await new Promise<void>((resolve) =>
        closed.signal.addEventListener("abort", () => resolve()),
      );
      return;
    }

    const id = `chatcmpl-${randomUUID().replaceAll("-", "").slice(0, 24)}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = body.messages.reduce(
      (sum, m) => sum + countTokens(m.content ?? "") + 4,
      0,
    );
    const text = reply.kind === "content" ? (reply.content ?? "") : reply.refusal;
    const tokens = splitIntoTokens(text);
    const finishReason = reply.kind === "content" ? (reply.finishReason ?? "stop") : "stop";
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: tokens.length,
      total_tokens: promptTokens + tokens.length,
    };
    const msPerToken = Number.isFinite(settings.tokensPerSecond)
      ? 1000 / settings.tokensPerSecond
      : 0;
    const headers = { "x-request-id": `req_${randomUUID()}`, "openai-processing-ms": "1" };

    if (!body.stream) {
      await sleep(settings.firstTokenMs + msPerToken * tokens.length, closed.signal);
      if (closed.signal.aborted) return;
      const message =
        reply.kind === "refusal"
          ? { role: "assistant", content: null, refusal: reply.refusal }
          : { role: "assistant", content: reply.content, refusal: null };
      res.writeHead(200, { "content-type": "application/json", ...headers });
      res.end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model: body.model,
          choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
          usage,
          system_fingerprint: "fp_fake",
        }),
      );
      return;
    }

    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
      ...headers,
    });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created,
        model: body.model,
        system_fingerprint: "fp_fake",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    await sleep(settings.firstTokenMs, closed.signal);
    res.write(chunk({ role: "assistant", content: "", refusal: null }, null));
    const field = reply.kind === "refusal" ? "refusal" : "content";
    const started = performance.now();
    for (const [index, token] of tokens.entries()) {
      if (closed.signal.aborted) return;
      // Pace against the start time so timer jitter does not accumulate.
      await sleep(started + msPerToken * index - performance.now(), closed.signal);
      res.write(chunk({ [field]: token }, null));
    }
    if (closed.signal.aborted) return;
    res.write(chunk({}, finishReason));
    if (body.stream_options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices: [], usage })}\n\n`,
      );
    }
    res.end("data: [DONE]\n\n");
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${address.port}`;

  return {
    /** Base URL for the openai SDK / AI_BASE_URL. */
    url: `${origin}/v1`,
    origin,
    port: address.port,
    requests,
    enqueue: (...replies: FakeReply[]) => {
      queue.push(...replies);
    },
    setPace: (pace: { tokensPerSecond?: number; firstTokenMs?: number }) => {
      settings = {
        tokensPerSecond: pace.tokensPerSecond ?? settings.tokensPerSecond,
        firstTokenMs: pace.firstTokenMs ?? settings.firstTokenMs,
      };
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OpenAIFake = Awaited<ReturnType<typeof startOpenAIFake>>;

function defaultReply(body: ChatRequest): FakeReply {
  const type = body.response_format?.type;
  if (type === "json_object" || type === "json_schema") return { kind: "content", content: "{}" };
  const last = body.messages.at(-1)?.content ?? "";
  return { kind: "content", content: `Fake model reply to: ${last.slice(0, 200)}` };
}
