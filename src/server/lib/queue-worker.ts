import type { Logger } from "./logger.ts";
import { safeErrorMessage } from "./safe-error.ts";

export type QueueWorker = {
  /** Starts taking rows now (after some were queued). */
  kick: () => void;
  /** Polls for rows of other instances and of before a restart (the server's start). */
  start: () => void;
  /** Resolves once this instance has no row in hand (nothing left it could take). */
  settled: () => Promise<void>;
  /** Stops: work in flight is abandoned and the rows held released for another instance. */
  close: () => Promise<void>;
};

/**
 * The loop of a durable queue's worker (activity placements, transit legs): up to `loops` rows in
 * hand at once, each claimed, worked on, and gone or retried; a kick while every loop is busy runs
 * them once more when one ends, so a row queued just then is not left for the next poll. A row that
 * keeps failing is dropped after `maxAttempts`. What a row is and how it is claimed is the caller's.
 */
export function createQueueWorker<Job extends { tripId: string; attempts: number }>(queue: {
  /** What one row is, in the log ("placement", "travel leg"). */
  what: string;
  loops: number;
  pollMs: number;
  maxAttempts: number;
  logger: Logger;
  claim: () => Promise<Job | null>;
  /** The row's work; false when it was handed back (paced out): this loop waits for the next poll. */
  work: (job: Job, signal: AbortSignal) => Promise<boolean | void>;
  /** Removes a row that failed `maxAttempts` times. */
  drop: (job: Job) => Promise<unknown>;
  /** Frees the rows this instance holds (on close). */
  release: () => Promise<unknown>;
}): QueueWorker {
  const { what, logger } = queue;
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  let closed = false;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function loop(): Promise<void> {
    while (!closed) {
      const job = await queue.claim();
      if (!job) return;
      try {
        if ((await queue.work(job, controller.signal)) === false) return;
      } catch (error) {
        if (closed) return;
        logger.warn({ err: safeErrorMessage(error), tripId: job.tripId }, `${what} failed`);
        // Retried after the claim runs out; a row that keeps failing is dropped.
        if (job.attempts >= queue.maxAttempts) await queue.drop(job).catch(() => undefined);
      }
    }
  }

  const kick = () => {
    if (closed) return;
    if (running.size >= queue.loops) {
      again = true;
      return;
    }
    again = false;
    while (running.size < queue.loops) {
      const run: Promise<void> = loop()
        .catch((error: unknown) => {
          if (!closed) logger.warn({ err: safeErrorMessage(error) }, `${what} worker failed`);
        })
        .finally(() => {
          running.delete(run);
          if (again) kick();
        });
      running.add(run);
    }
  };

  return {
    kick,
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    start() {
      if (closed || timer) return;
      kick();
      timer = setInterval(kick, queue.pollMs);
      timer.unref();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      controller.abort();
      await Promise.allSettled([...running]);
      await queue
        .release()
        .catch((error: unknown) =>
          logger.warn({ err: safeErrorMessage(error) }, `${what} release failed`),
        );
    },
  };
}
