/**
 * Runs tasks one after another, each starting at least `intervalMs` after the previous one started
 * (Nominatim's usage policy: at most one request a second, no parallel requests). A task whose signal
 * is aborted while it waits is dropped without running.
 */
export function createIntervalQueue(intervalMs: number, now: () => number = Date.now) {
  let lastStart = Number.NEGATIVE_INFINITY;
  let tail: Promise<unknown> = Promise.resolve();

  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (ms <= 0) return resolve();
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      };
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal.addEventListener("abort", onAbort, { once: true });
    });

  return function enqueue<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const run = tail.then(async () => {
      signal.throwIfAborted();
      await wait(lastStart + intervalMs - now(), signal);
      signal.throwIfAborted();
      lastStart = now();
      return task();
    });
    tail = run.catch(() => undefined);
    return run;
  };
}
