import type * as OpenAiSdk from "openai";
import type OpenAI from "openai";
import type { APIError } from "openai";
import { failed, ModelError } from "./model-error.ts";

export type OpenAiModule = typeof OpenAiSdk;

/** The SDK's module (its error classes are checked with instanceof) and the client made from it. */
export type Sdk = { openai: OpenAiModule; client: OpenAI };

const MAX_RETRIES = 2;
/** A Retry-After longer than this is a provider that will not recover in time for the user waiting. */
const MAX_RETRY_WAIT_MS = 20_000;

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
      reject(new ModelError("aborted", "aborted"));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Only the request is retried, before any answer arrived; partial answers are never shown to the
 * user (an answer reaches the browser only after it validated), so a retry repeats nothing they saw.
 */
export async function withRetries<T>(
  openai: OpenAiModule,
  create: () => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (signal.aborted || error instanceof openai.APIUserAbortError)
        throw new ModelError("aborted", "aborted", { cause: error });
      if (error instanceof openai.APIConnectionTimeoutError) throw failed("ai_timeout", error);
      if (!isRetryable(openai, error) || attempt >= MAX_RETRIES) throw error;
      const wait = retryDelayMs(error, attempt);
      if (wait > MAX_RETRY_WAIT_MS) throw error;
      await sleep(wait, signal);
    }
  }
}
