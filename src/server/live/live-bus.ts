/**
 * What instances tell each other about trips (the payload of one PostgreSQL NOTIFY): ids and a
 * version only, never trip content, so it stays far below NOTIFY's 8,000 bytes.
 * - `c`: trip `t` was saved as version `v`;
 * - `p`: instance `i` has these users (`u`) with trip `t` open (its whole list for that trip);
 * - `q`: instance `i` opened trip `t` and asks the others to say who they have on it;
 * - `r`: user `u`'s access to trip `t` ended (null: everyone's); `d` when because it was deleted;
 * - `s`: some of user `u`'s sessions ended: each instance closes their streams whose session is gone;
 * - `o`: instance `i` holds these streams of user `u` (`e`: [stream id, opened at (ms)]); with `w`,
 *   it has just opened the user's first one there and asks the others for theirs;
 * - `e`: instance `i` closed its stream `s` of user `u`;
 * - `x`: forget every stream of instance `i` (it lost the channel and is about to say them again).
 * `o`, `e` and `x` keep the per-user stream limit across instances (stream-limit.ts).
 */
export type LiveMessage =
  | { k: "c"; t: string; v: number }
  | { k: "p"; t: string; i: string; u: string[] }
  | { k: "q"; t: string; i: string }
  | { k: "r"; t: string; u: string | null; d?: 1 }
  | { k: "s"; u: string }
  | { k: "o"; i: string; u: string; e: [string, number][]; w?: 1 }
  | { k: "e"; i: string; u: string; s: string }
  | { k: "x"; i: string };

/** A channel between the instances: one in the process (PGlite) or PostgreSQL LISTEN/NOTIFY. */
export type LiveBus = {
  kind: "memory" | "postgres";
  publish: (message: LiveMessage) => Promise<void>;
  /**
   * Every message, including this instance's own. `resync` runs after the channel was lost and
   * came back: messages may have been missed meanwhile. Settles once listening (or the first
   * attempt failed and retries run on their own).
   */
  listen: (handlers: { message: (m: LiveMessage) => void; resync: () => void }) => Promise<void>;
  close: () => Promise<void>;
};

/** The same interface within one process: for PGlite, which only one process can open. */
export function createMemoryBus(): LiveBus {
  const handlers: ((m: LiveMessage) => void)[] = [];
  return {
    kind: "memory",
    publish: (message) => {
      for (const handle of handlers) handle(message);
      return Promise.resolve();
    },
    listen: ({ message }) => {
      handlers.push(message);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}
