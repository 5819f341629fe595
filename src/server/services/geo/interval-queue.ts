/** A waiting task: `run` settles the caller's promise and resolves when the task has answered. */
type Job = { run: () => Promise<void>; drop: () => void };

/**
 * Runs tasks one after another, each starting at least `intervalMs` after the previous one started
 * (Nominatim's usage policy: at most one request a second, no parallel requests). Owners (users)
 * take turns: each turn runs the oldest task of the owner who has waited longest, and an owner whose
 * task is running queues behind everyone already waiting. So one user's many lookups hold another's
 * single one back by the task in flight, not by all of them. A task whose signal is aborted while it
 * waits is dropped without running.
 */
export function createIntervalQueue(
  intervalMs: number,
  // Sub-millisecond and monotonic: Date.now's whole milliseconds let a start come up to 1 ms early.
  now: () => number = () => performance.now(),
) {
  let lastStart = Number.NEGATIVE_INFINITY;
  let pumping = false;
  /** Owners with waiting tasks, in the order of their next turn (a Map keeps insertion order). */
  const lines = new Map<string, Job[]>();
  /** The owner whose task is running, with their other waiting tasks: back in line when it ends. */
  let held: { owner: string; jobs: Job[] } | undefined;

  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const lineOf = (owner: string) => (held?.owner === owner ? held.jobs : lines.get(owner));

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (lines.size > 0) {
        // Again after waking: a timer may fire a little before its time.
        for (
          let delay = lastStart + intervalMs - now();
          delay > 0;
          delay = lastStart + intervalMs - now()
        )
          await sleep(delay);
        const first = lines.entries().next();
        if (first.done) continue;
        const [owner, jobs] = first.value;
        lines.delete(owner);
        const job = jobs.shift();
        if (!job) continue;
        held = { owner, jobs };
        lastStart = now();
        try {
          // No parallel requests: the next one waits for this one's answer.
          await job.run();
        } finally {
          if (held.jobs.length > 0) lines.set(owner, held.jobs);
          held = undefined;
        }
      }
    } finally {
      pumping = false;
    }
  }

  return function enqueue<T>(task: () => Promise<T>, signal: AbortSignal, owner = ""): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = () => {
        const jobs = lineOf(owner);
        const index = jobs?.indexOf(job) ?? -1;
        if (jobs && index >= 0) {
          jobs.splice(index, 1);
          if (jobs.length === 0 && lines.get(owner) === jobs) lines.delete(owner);
        }
        job.drop();
      };
      const job: Job = {
        run: () => {
          signal.removeEventListener("abort", onAbort);
          return task().then(resolve, reject);
        },
        drop: () => reject(abortReason(signal)),
      };
      signal.addEventListener("abort", onAbort, { once: true });
      const jobs = lineOf(owner);
      if (jobs) jobs.push(job);
      else lines.set(owner, [job]);
      void pump();
    });
  };
}

const abortReason = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new Error("aborted");
