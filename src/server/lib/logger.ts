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

/**
 * The running server's logger: stdout written asynchronously (lines that arrive while a write is
 * under way go out together in the next), so a request's log line never waits for the terminal or
 * the log collector. pino flushes what is left synchronously when the process exits.
 */
export function createServerLogger(level: string): Logger {
  return createLogger(level, pino.destination({ dest: 1, sync: false }));
}
