import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { FileReading } from "./place-record.ts";
import type { ReadTask } from "./places-worker.ts";

/** Reading one file may take this long before its worker is stopped (a 5 MB GPX takes well under 1 s). */
export const READ_DEADLINE_MS = 20_000;

/**
 * The worker's file: `places-worker.js` beside this module in the server's bundle (scripts/start.mjs
 * builds it), the TypeScript through tsx otherwise.
 */
function workerFile(): string {
  const bundled = new URL("./places-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return bundled.href;
  return new URL("../../../scripts/places-worker-tsx.mjs", import.meta.url).href;
}

let pool: Piscina<ReadTask, FileReading> | null = null;

/**
 * Files of saved places are parsed off the main thread, so a large GPX or a hostile XML never holds
 * the event loop: at most two threads, each with a bounded heap, stopped at the deadline. (The
 * booking files' bounded runner, issue 43, will take this over when it lands.)
 */
function placesPool(): Piscina<ReadTask, FileReading> {
  pool ??= new Piscina<ReadTask, FileReading>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 },
  });
  return pool;
}

/** Thrown when the worker did not finish in time (or its thread died): the file is refused. */
export class ReadTimedOut extends Error {}

export async function readInWorker(task: ReadTask, signal: AbortSignal): Promise<FileReading> {
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(READ_DEADLINE_MS)]);
  try {
    return await placesPool().run(task, { signal: deadline });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ReadTimedOut("reading the file did not finish", { cause: error });
  }
}
