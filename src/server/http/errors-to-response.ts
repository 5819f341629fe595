import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import type { AppBindings } from "./context.ts";
import { AppError } from "../lib/http-errors.ts";
import { isRejectedByDatabase, safeErrorMessage, sqlState } from "../lib/safe-error.ts";

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P03",
  "08006",
  "08001",
  "08003",
]);

/** True when the error (or any cause) says the database cannot be reached: that is a 503, not a bug. */
export function isDatabaseDown(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (
      typeof message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|PGlite is closed/i.test(
        message,
      )
    )
      return true;
    e = cause;
  }
  return false;
}

const codeForStatus: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "invalid_input",
  429: "rate_limited",
};

/** The one place where an error becomes a response. Never leaks a stack or an internal message. */
export function errorToResponse(error: Error, c: Context<AppBindings>) {
  if (error instanceof AppError) {
    return c.json(
      { error: { ...error.details, code: error.code, message: error.message } },
      error.status,
      error.headers,
    );
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const message =
      status === 413 ? "The request is too large." : error.message || MESSAGES.invalidInput;
    return c.json({ error: { code: codeForStatus[status] ?? "error", message } }, status);
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return c.json(
      {
        error: {
          code: "invalid_input",
          message: issues[0]?.message ?? MESSAGES.invalidInput,
          issues,
        },
      },
      422,
    );
  }
  const logger = c.var.deps.logger;
  if (isRejectedByDatabase(error)) {
    // The client's data, not our fault: no error-level line, and no value from the row.
    logger.info(
      { requestId: c.var.requestId, sqlState: sqlState(error) },
      "input rejected by the database",
    );
    return c.json({ error: { code: "invalid_input", message: MESSAGES.invalidInput } }, 422);
  }
  if (isDatabaseDown(error)) {
    logger.warn(
      { requestId: c.var.requestId, err: safeErrorMessage(error) },
      "database unavailable",
    );
    return c.json({ error: { code: "unavailable", message: MESSAGES.databaseUnavailable } }, 503, {
      "Retry-After": "5",
    });
  }
  logger.error({ requestId: c.var.requestId, err: error }, "unhandled error");
  return c.json({ error: { code: "internal", message: MESSAGES.internalError } }, 500);
}
