import { boundedTask } from "#server/lib/bounded-worker.ts";

/*
 * A worker entry for the bounded-worker tests: tasks that never finish on their own, the worst a
 * parser could do with a hostile input.
 */

/** Spins forever: only the deadline ends it. */
export const spin = boundedTask((_input: null) => {
  for (;;) {
    // nothing: a parser stuck on its input
  }
});

/** Keeps everything it allocates: only the heap cap ends it. */
export const hoard = boundedTask((_input: null) => {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
});
