import { boundedTask } from "../lib/bounded-worker.ts";
import type { FileReading } from "../places-io/place-record.ts";
import { readPlacesFile } from "../places-io/read-places-file.ts";
import type { ReadTask } from "../places-io/read-task.ts";

/*
 * Worker entry (a thread of places-io/read-in-worker.ts's pool, see lib/bounded-worker.ts): a file
 * of saved places read off the main thread, under a heap cap and a deadline.
 */

export const read = boundedTask((task: ReadTask): FileReading =>
  readPlacesFile(task.bytes, task.name),
);
