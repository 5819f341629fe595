import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error whose message is meant for the user; `onError` turns it into `{ error: { code, message } }`. */
export class AppError extends HTTPException {
  readonly code: string;
  readonly headers: Record<string, string>;
  /** More of the answer's `error` beside code and message (`over_budget`'s `breakdown`). */
  readonly details: Record<string, unknown>;
  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options: {
      cause?: unknown;
      headers?: Record<string, string>;
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(status, { message, cause: options.cause });
    this.code = code;
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }
}

export const notFound = (message: string) => new AppError(404, "not_found", message);
export const unauthorized = (message: string) => new AppError(401, "unauthorized", message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, "rate_limited", message, {
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
