import { pino, type DestinationStream, type Logger } from "pino";
import { serializeError } from "./safe-error.ts";

export type { Logger };

// Anything that could carry a secret is redacted, wherever it appears in a log object.
const REDACT = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "apiKey",
  "authorization",
  "cookie",
  "*.password",
  "*.newPassword",
  "*.token",
  "*.apiKey",
  "*.authorization",
  "*.cookie",
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
];

export function createLogger(
  level: string,
  destination?: NodeJS.WritableStream | DestinationStream,
): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: "[redacted]" },
      // Errors keep their type, code and stack but never the values a failed query was sent.
      serializers: { err: serializeError },
      base: undefined,
    },
    destination ?? process.stdout,
  );
}

// A write to stdout is a system call and, written asynchronously, a hand-off to libuv's thread pool:
// one per request line was the largest cost of GET /api/trips after the socket writes themselves
// (a CPU profile under load). Lines are gathered up to LOG_BATCH_BYTES and written together, and
// whatever is gathered goes out at least every LOG_FLUSH_MS, so a quiet server's line is never late
// by more than that.
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 250;

/**
 * The running server's logger: stdout written asynchronously and in batches (see LOG_BATCH_BYTES),
 * so a request's log line never waits for the terminal or the log collector. pino flushes what is
 * left synchronously when the process exits.
 */
export function createServerLogger(level: string): Logger {
  return createLogger(
    level,
    pino.destination({
      dest: 1,
      sync: false,
      minLength: LOG_BATCH_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    }),
  );
}
