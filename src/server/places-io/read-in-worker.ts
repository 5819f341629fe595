import { boundedWorker, workerEntry } from "../lib/bounded-worker.ts";
import type { ReadTask } from "./read-task.ts";
import type { FileReading } from "./place-record.ts";

/** Reading one file may take this long before its worker is stopped (a 5 MB GPX takes well under 1 s). */
export const READ_DEADLINE_MS = 20_000;

/**
 * Files of saved places are parsed off the main thread (the same bounded runner as booking files),
 * so a large GPX or a hostile XML never holds the event loop: at most two threads, each with a
 * bounded heap, stopped at the deadline.
 */
const pool = boundedWorker({
  entry: workerEntry("places-file"),
  memoryMb: 384,
  deadlineMs: READ_DEADLINE_MS,
  maxThreads: 2,
});

/** Thrown when the worker did not finish in time, ran out of memory, or its thread died: the file is refused. */
export class ReadTimedOut extends Error {}

export async function readInWorker(task: ReadTask, signal: AbortSignal): Promise<FileReading> {
  try {
    return await pool.run<ReadTask, FileReading>("read", task, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ReadTimedOut("reading the file did not finish", { cause: error });
  }
}
