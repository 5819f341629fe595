import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { Piscina } from "piscina";

/*
 * Work on untrusted input (an uploaded file's parsers) off the main thread, in a pool of worker
 * threads (piscina) each with a heap cap, every task with a deadline: whatever the input does to a
 * parser, the event loop keeps answering, and a task past its limit is stopped (its thread ended)
 * and reported as a WorkerLimitError.
 *
 * A worker entry is a module of src/server/workers/ (`workerEntry(name)`), bundled by
 * scripts/start.mjs as dist/server/<pid>/workers/<name>.js for `npm start`; each of its named exports
 * wrapped in `boundedTask` is a task, run by name: `pool.run("taskName", input)`.
 */

/** Why a task was stopped. */
export type WorkerLimit = "deadline" | "memory";

export class WorkerLimitError extends Error {
  readonly limit: WorkerLimit;
  constructor(limit: WorkerLimit) {
    super(limit === "deadline" ? "worker task past its deadline" : "worker task out of memory");
    this.name = "WorkerLimitError";
    this.limit = limit;
  }
}

/**
 * What a task receives: its name (scripts/ts-worker.mjs dispatches on it), its input, and the port on which
 * it says it started (the deadline's clock starts then, not while the thread loads).
 */
export type TaskMessage<I> = { task: string; input: I; started: MessagePort };

/**
 * A task of a worker entry: `export const readThing = boundedTask((input: In) => out)`. The input
 * and the result cross threads by structured clone (plain data, typed arrays).
 */
export function boundedTask<I, O>(
  run: (input: I) => O | Promise<O>,
  /**
   * Loads what the task needs (a parser's module) before the deadline's clock starts: loading takes
   * what it takes on a busy machine, whatever the input. Must not look at more of the input than
   * it needs to choose.
   */
  prepare?: (input: I) => Promise<void>,
) {
  return async ({ input, started }: TaskMessage<I>): Promise<O> => {
    await prepare?.(input);
    started.postMessage("started");
    started.close();
    return run(input);
  };
}

/**
 * The module of worker entry `name`: src/server/workers/<name>.ts when running the sources (tsx,
 * Vitest), <bundle>/workers/<name>.js in `npm start`'s bundle, where this code sits in a chunk at
 * the bundle's root.
 */
export function workerEntry(name: string): string {
  const fromSources = import.meta.url.endsWith(".ts");
  return fileURLToPath(
    new URL(fromSources ? `../workers/${name}.ts` : `./workers/${name}.js`, import.meta.url),
  );
}

export type BoundedWorkerOptions = {
  /** Absolute path of the worker entry (`workerEntry(name)`). */
  entry: string;
  /** The heap a thread may use (V8's old generation), in MB. */
  memoryMb: number;
  /** How long a task may run once started, in ms. */
  deadlineMs: number;
  /** Threads at most (default: one fewer than the cores, at least one, at most four). */
  maxThreads?: number;
};

const IDLE_THREAD_MS = 30_000;

export type BoundedWorker = {
  run<I, O>(task: string, input: I, options?: { signal?: AbortSignal }): Promise<O>;
  close(): Promise<void>;
};

/** A pool for one worker entry, created at its first task (a server that never imports spends nothing). */
export function boundedWorker(options: BoundedWorkerOptions): BoundedWorker {
  let pool: Piscina | null = null;
  const fromSources = options.entry.endsWith(".ts");
  const poolOf = () =>
    (pool ??= new Piscina({
      // TypeScript sources load through tsx in scripts/ts-worker.mjs; the bundle's entry loads as it is.
      filename: fromSources
        ? fileURLToPath(new URL("../../../scripts/ts-worker.mjs", import.meta.url))
        : options.entry,
      workerData: { entry: options.entry },
      minThreads: 0,
      maxThreads: options.maxThreads ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
      idleTimeout: IDLE_THREAD_MS,
      resourceLimits: {
        maxOldGenerationSizeMb: options.memoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.round(options.memoryMb / 16)),
        stackSizeMb: 4,
      },
    }));

  return {
    async run<I, O>(task: string, input: I, { signal }: { signal?: AbortSignal } = {}) {
      const stop = new AbortController();
      const channel = new MessageChannel();
      let timer: NodeJS.Timeout | undefined;
      channel.port1.once("message", () => {
        timer = setTimeout(() => stop.abort(new WorkerLimitError("deadline")), options.deadlineMs);
      });
      channel.port1.unref();
      try {
        return (await poolOf().run(
          { task, input, started: channel.port2 } satisfies TaskMessage<I>,
          {
            name: fromSources ? "default" : task,
            transferList: [channel.port2],
            signal: signal ? AbortSignal.any([stop.signal, signal]) : stop.signal,
          },
        )) as O;
      } catch (error) {
        if (stop.signal.aborted) throw new WorkerLimitError("deadline");
        if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY")
          throw new WorkerLimitError("memory");
        throw error;
      } finally {
        clearTimeout(timer);
        channel.port1.close();
      }
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
