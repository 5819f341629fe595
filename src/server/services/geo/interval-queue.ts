/** A waiting task: `run` settles the caller's promise and resolves when the task has answered. */
type Job = { run: () => Promise<void>; drop: () => void };

/**
 * Runs tasks one after another, each starting at least `intervalMs` after the previous one started
 * (Nominatim's usage policy: at most one request a second, no parallel requests). Tasks are taken in
 * turn from each owner with tasks waiting (round robin), so one user's many lookups delay another's
 * single one by at most one task. A task whose signal is aborted while it waits is dropped without
 * running.
 */
export function createIntervalQueue(intervalMs: number, now: () => number = Date.now) {
  let lastStart = Number.NEGATIVE_INFINITY;
  let running = false;
  /** Each owner's waiting tasks, oldest first; owners in the order they get their next turn. */
  const waiting = new Map<string, Job[]>();

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  function next(): Job | undefined {
    const [owner, jobs] = waiting.entries().next().value ?? [];
    if (owner === undefined || !jobs) return undefined;
    const job = jobs.shift();
    // The owner goes to the back of the line (a Map keeps insertion order).
    waiting.delete(owner);
    if (jobs.length > 0) waiting.set(owner, jobs);
    return job;
  }

  async function pump() {
    if (running) return;
    running = true;
    try {
      while (waiting.size > 0) {
        const delay = lastStart + intervalMs - now();
        if (delay > 0) await sleep(delay);
        const job = next();
        if (!job) continue;
        lastStart = now();
        // No parallel requests: the next one waits for this one's answer.
        await job.run();
      }
    } finally {
      running = false;
    }
  }

  return function enqueue<T>(task: () => Promise<T>, signal: AbortSignal, owner = ""): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        reject(abortReason(signal));
        return;
      }
      const job: Job = {
        run: () => {
          signal.removeEventListener("abort", onAbort);
          return task().then(resolve, reject);
        },
        drop: () => reject(abortReason(signal)),
      };
      const onAbort = () => {
        const jobs = waiting.get(owner);
        const index = jobs?.indexOf(job) ?? -1;
        if (jobs && index >= 0) {
          jobs.splice(index, 1);
          if (jobs.length === 0) waiting.delete(owner);
        }
        job.drop();
      };
      signal.addEventListener("abort", onAbort, { once: true });
      const jobs = waiting.get(owner);
      if (jobs) jobs.push(job);
      else waiting.set(owner, [job]);
      void pump();
    });
  };
}

const abortReason = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new Error("aborted");
