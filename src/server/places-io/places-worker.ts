import type { FileReading } from "./place-record.ts";
import { readPlacesFile } from "./read-places-file.ts";

/** The worker thread's task: one file of saved places read (see read-in-worker.ts). */
export type ReadTask = { bytes: Uint8Array; name: string };

export default function readTask(task: ReadTask): FileReading {
  return readPlacesFile(task.bytes, task.name);
}
