import { Writable } from "node:stream";

export type LogLine = { level: number; msg?: string; [key: string]: unknown };

// pino's numeric levels.
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A pino destination that keeps every line, parsed; pass it as `logTo` to createTestApp. */
export function captureLogs() {
  const lines: LogLine[] = [];
  let raw = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw += chunk.toString();
      let newline = raw.indexOf("\n");
      while (newline >= 0) {
        const line = raw.slice(0, newline);
        raw = raw.slice(newline + 1);
        if (line.trim()) lines.push(JSON.parse(line) as LogLine);
        newline = raw.indexOf("\n");
      }
      done();
    },
  });
  return {
    stream,
    lines: () => [...lines],
    /** Lines at `level` or above, as text (for searching for leaked input). */
    atOrAbove: (level: number) =>
      lines.filter((line) => line.level >= level).map((line) => JSON.stringify(line)),
    clear: () => {
      lines.length = 0;
    },
  };
}
