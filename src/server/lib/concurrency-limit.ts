/** The signal's reason as an Error (an abort's reason is `any`). */
export const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException("Aborted", "AbortError");

/**
 * Runs at most `max` tasks at a time; the others wait in order. A task whose signal is aborted while
 * it waits is dropped without running (and rejects with the signal's reason).
 */
export function createConcurrencyLimit(max: number) {
  let running = 0;
  const waiting: { start: () => void; signal: AbortSignal; reject: (e: unknown) => void }[] = [];

  const next = () => {
    while (running < max && waiting.length > 0) {
      const task = waiting.shift()!;
      if (task.signal.aborted) {
        task.reject(abortReason(task.signal));
        continue;
      }
      running++;
      task.start();
    }
  };

  return function limit<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = {
        signal,
        reject,
        start: () => {
          signal.removeEventListener("abort", onAbort);
          task()
            .then(resolve, reject)
            .finally(() => {
              running--;
              next();
            });
        },
      };
      const onAbort = () => {
        const index = waiting.indexOf(entry);
        if (index >= 0) {
          waiting.splice(index, 1);
          reject(abortReason(signal));
        }
      };
      if (signal.aborted) return reject(abortReason(signal));
      signal.addEventListener("abort", onAbort, { once: true });
      waiting.push(entry);
      next();
    });
  };
}
