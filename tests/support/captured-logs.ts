import { Writable } from "node:stream";
import { createLogger, type Logger } from "#server/lib/logger.ts";

export type LogLine = { level: number; msg?: string } & Record<string, unknown>;

/** pino's numeric levels: 20 debug, 30 info, 40 warn, 50 error. */
export const LOG_LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A real pino logger (our createLogger, serializers and redaction included) writing into memory. */
export function captureLogs(level = "trace"): {
  logger: Logger;
  lines: () => LogLine[];
  text: () => string;
  clear: () => void;
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = () => chunks.join("");
  return {
    logger: createLogger(level, stream),
    text,
    lines: () =>
      text()
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as LogLine),
    clear: () => {
      chunks.length = 0;
    },
  };
}
