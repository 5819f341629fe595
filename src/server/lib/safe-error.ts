/**
 * Errors as they may be logged. Database errors carry the row being written: Drizzle's
 * DrizzleQueryError puts every parameter into its message and a `params` property, and PostgreSQL's
 * own messages and details quote the offending value ('date/time field value out of range:
 * "0000-01-01"', 'Key (email)=(…) already exists'). Logs keep what an operator needs (the error's
 * type, SQLSTATE, the parameterised query, the stack) and none of the values.
 */

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_DEPTH = 5;

type ErrorLike = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  status?: unknown;
};

const asObject = (value: unknown): ErrorLike | null =>
  typeof value === "object" && value !== null ? value : null;

/** node-postgres and PGlite errors: a SQLSTATE plus PostgreSQL's severity. */
const isDriverError = (e: ErrorLike) =>
  typeof e.code === "string" && SQLSTATE.test(e.code) && typeof e.severity === "string";

const isQueryError = (e: ErrorLike) => typeof e.query === "string" && Array.isArray(e.params);

/** The SQLSTATE of the first database error in the cause chain, if any. */
export function sqlState(error: unknown): string | undefined {
  let e = asObject(error);
  for (let depth = 0; e && depth < MAX_DEPTH; depth++) {
    if (isDriverError(e)) return e.code as string;
    e = asObject(e.cause);
  }
  return undefined;
}

/**
 * SQLSTATE class 22 (data exception: a NUL in text, a number or date out of range) or 23 (integrity
 * constraint violation): the database refused the data as sent. That is the client's input, answered
 * as 422, never a 500.
 */
export function isRejectedByDatabase(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && (state.startsWith("22") || state.startsWith("23"));
}

/** Drops the `params: …` tail Drizzle appends to a failed query's message. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, "");

/** One line that names the failure without quoting any value that was sent. */
export function safeErrorMessage(error: unknown): string {
  const e = asObject(error);
  if (!e) return typeof error === "string" ? withoutParams(error) : String(error);
  if (isQueryError(e)) return `Failed query: ${e.query as string}`;
  if (isDriverError(e)) return `database error ${e.code as string}`;
  return typeof e.message === "string" ? withoutParams(e.message) : "unknown error";
}

type SafeError = {
  type: string;
  message: string;
  code?: string;
  /** An HTTP status, for failures of outside services. */
  status?: number;
  stack?: string;
  cause?: SafeError;
};

/** The stack's frames under a clean header (the header of `error.stack` repeats the raw message). */
function safeStack(e: ErrorLike, header: string): string | undefined {
  if (typeof e.stack !== "string") return undefined;
  const frames = e.stack.indexOf("\n    at ");
  return frames === -1 ? header : `${header}${e.stack.slice(frames)}`;
}

/** pino's `err` serializer: type, safe message, code and stack, down the cause chain; no other fields. */
export function serializeError(error: unknown, depth = 0): SafeError {
  const e = asObject(error);
  const type = e
    ? typeof e.name === "string"
      ? e.name
      : ((e as object).constructor?.name ?? "Object")
    : typeof error;
  const message = safeErrorMessage(error);
  const result: SafeError = { type, message };
  if (!e) return result;
  if (typeof e.code === "string" || typeof e.code === "number") result.code = String(e.code);
  if (typeof e.status === "number") result.status = e.status;
  const stack = safeStack(e, `${type}: ${message}`);
  if (stack) result.stack = stack;
  if (e.cause !== undefined && depth < MAX_DEPTH) result.cause = serializeError(e.cause, depth + 1);
  return result;
}
