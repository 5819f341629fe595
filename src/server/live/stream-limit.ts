import type { LiveMessage } from "./live-bus.ts";

/** One open stream as the instances know it: the instance holding it, its id there, when it opened. */
type Entry = { i: string; s: string; a: number };

const keyOf = (i: string, s: string) => `${i} ${s}`;
const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** Oldest first; every instance sorts the same entries the same way, so all drop the same ones. */
const byAge = (x: Entry, y: Entry) => x.a - y.a || compare(x.i, y.i) || compare(x.s, y.s);

export type StreamLimit = {
  /** A stream opened on this instance: counted and announced; the user's oldest beyond the limit close. */
  opened: (userId: string, streamId: string) => void;
  /** A stream of this instance closed (for whatever reason): the others forget it. */
  closed: (userId: string, streamId: string) => void;
  /** The bus's `o`, `e` and `x` messages (see LiveMessage). */
  message: (message: Extract<LiveMessage, { k: "o" | "e" | "x" }>) => void;
  /** After the channel came back: what others hold is asked anew, and this instance's said again. */
  resync: () => void;
  /** Settles once every announcement made so far has gone out. */
  flush: () => Promise<void>;
};

/**
 * The per-user stream limit across instances. Each instance keeps, for every user with a stream
 * open on it, the user's streams on every instance (ids and opening times only). Whenever a user's
 * count passes `max`, every instance drops the same oldest entries; the instance holding a dropped
 * stream closes it. Entries of an instance that died without saying so are the oldest and go first,
 * so they never hold the limit down for good.
 */
export function createStreamLimit(options: {
  instance: string;
  max: number;
  /** Never rejects (failures are the caller's to log); a resync repairs what was lost. */
  publish: (message: LiveMessage) => Promise<void>;
  closeLocal: (userId: string, streamId: string) => void;
}): StreamLimit {
  const { instance, max, closeLocal } = options;
  const users = new Map<string, Map<string, Entry>>();
  // One after another: another instance must never see a stream's end before its opening.
  let chain = Promise.resolve();
  const send = (message: LiveMessage) => {
    chain = chain.then(() => options.publish(message));
  };

  const mine = (entries: Map<string, Entry>) =>
    [...entries.values()].filter((e) => e.i === instance);

  const enforce = (userId: string) => {
    const entries = users.get(userId);
    if (!entries || entries.size <= max) return;
    const dropped = [...entries.values()].sort(byAge).slice(0, entries.size - max);
    for (const entry of dropped) entries.delete(keyOf(entry.i, entry.s));
    for (const entry of dropped) if (entry.i === instance) closeLocal(userId, entry.s);
  };

  const announce = (userId: string, entries: Entry[], ask: boolean) =>
    send({
      k: "o",
      i: instance,
      u: userId,
      e: entries.map((e) => [e.s, e.a]),
      ...(ask ? { w: 1 as const } : {}),
    });

  return {
    opened: (userId, streamId) => {
      let entries = users.get(userId);
      // The user's first stream here: the other instances are asked for theirs.
      const first = !entries;
      if (!entries) {
        entries = new Map();
        users.set(userId, entries);
      }
      // Later than every stream of the user known here, whatever the clocks of the others say.
      const newest = Math.max(0, ...[...entries.values()].map((e) => e.a));
      const entry = { i: instance, s: streamId, a: Math.max(Date.now(), newest + 1) };
      entries.set(keyOf(instance, streamId), entry);
      announce(userId, [entry], first);
      enforce(userId);
    },
    closed: (userId, streamId) => {
      send({ k: "e", i: instance, u: userId, s: streamId });
      const entries = users.get(userId);
      entries?.delete(keyOf(instance, streamId));
      // Nobody of theirs here any more: their streams elsewhere are no concern of this instance.
      if (entries && mine(entries).length === 0) users.delete(userId);
    },
    message: (message) => {
      if (message.i === instance) return;
      switch (message.k) {
        case "o": {
          const entries = users.get(message.u);
          if (!entries) return;
          for (const [s, a] of message.e) entries.set(keyOf(message.i, s), { i: message.i, s, a });
          enforce(message.u);
          const here = users.get(message.u);
          if (message.w && here) announce(message.u, mine(here), false);
          return;
        }
        case "e":
          users.get(message.u)?.delete(keyOf(message.i, message.s));
          return;
        case "x":
          for (const entries of users.values())
            for (const [key, entry] of entries) if (entry.i === message.i) entries.delete(key);
          return;
      }
    },
    resync: () => {
      for (const entries of users.values())
        for (const [key, entry] of entries) if (entry.i !== instance) entries.delete(key);
      // Openings and ends this instance announced while the database was away may be lost.
      send({ k: "x", i: instance });
      for (const [userId, entries] of users) announce(userId, mine(entries), true);
    },
    flush: () => chain,
  };
}
