import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { OnlineUser } from "#shared/schemas/trip-history.ts";
import type { Db } from "../db/database.ts";
import { user } from "../db/auth-schema.ts";
import type { Logger } from "../lib/logger.ts";
import { changesSince } from "../history/trip-versions.ts";
import { sessionsStillOnTrip } from "./live-access.ts";
import type { LiveBus, LiveMessage } from "./live-bus.ts";
import { createStreamLimit } from "./stream-limit.ts";

export const MAX_STREAMS_PER_USER = 20;
/** Presence lists sent between instances are cut here, to keep a NOTIFY small whatever happens. */
const MAX_ANNOUNCED_USERS = 100;

export type LiveEvent = {
  event: "ready" | "change" | "presence" | "revoked";
  id: string;
  data: unknown;
};

type Stream = {
  /** Unique within this instance (the limit's registry names it with the instance). */
  id: string;
  tripId: string;
  user: OnlineUser;
  /** The session (token) it was opened with: it ends with it. Kept in memory only. */
  session: string;
  /** Access re-checked once the listener was in place: nothing reaches it before. */
  admitted: boolean;
  send: (event: LiveEvent) => void;
  close: (reason: LiveCloseReason | null) => void;
  closed: boolean;
};

/**
 * Why the hub ends a listener: `limit` (the user's oldest stream beyond MAX_STREAMS_PER_USER),
 * `revoked` (their access ended) or `shutdown` (this instance stops; the client should come back).
 */
export type LiveCloseReason = "limit" | "revoked" | "shutdown";

type TripState = {
  streams: Set<Stream>;
  /** The newest version told to this trip's streams. */
  version: number;
  /** Other instances' users on this trip, by instance. */
  remote: Map<string, string[]>;
  /** Catch-ups run one after another, so changes go out once and in order. */
  chain: Promise<void>;
};

export type LiveHub = {
  /** Opens a listener on a trip the caller may view (`version`: as the caller just read it). */
  open: (listener: {
    tripId: string;
    version: number;
    user: OnlineUser;
    /** The session token the request came with. */
    session: string;
    lastEventId?: number;
    send: (event: LiveEvent) => void;
    /** The hub ends it (`reason`), or null after the listener's own close. */
    close: (reason: LiveCloseReason | null) => void;
  }) => Promise<{ close: () => void }>;
  /** After a save's commit: every instance's listeners on the trip get a `change`. */
  publishChange: (tripId: string, version: number) => Promise<void>;
  /** Someone's access ended (null: the trip is gone): their listeners get `revoked` and close. */
  publishAccessEnded: (tripId: string, userId: string | null) => Promise<void>;
  /** The trip was deleted: every listener gets `revoked` with `{ deleted: true }` and closes. */
  publishTripDeleted: (tripId: string) => Promise<void>;
  /**
   * Some of a user's sessions ended (sign-out, other sessions signed out, a password changed or
   * reset, the account deleted): every instance closes their streams whose session is gone.
   */
  publishSessionsEnded: (userId: string) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The trips this instance serves to listeners, kept in step with every other instance through
 * the bus. Nothing about a trip is held longer than someone has it open.
 */
export function createLiveHub(options: {
  db: Db;
  bus: LiveBus;
  logger: Logger;
  maxStreamsPerUser?: number;
}): LiveHub {
  const { db, bus, logger } = options;
  const maxPerUser = options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  const instance = randomUUID();
  const trips = new Map<string, TripState>();
  const local = new Map<string, Stream>();
  let opened = 0;
  const known = new Map<string, OnlineUser>();
  let listening: Promise<void> | null = null;

  const publish = (message: LiveMessage) =>
    bus.publish(message).catch((error: unknown) => logger.warn({ error }, "live: publish failed"));

  // Counted over every instance: the 21st stream of a user anywhere closes their oldest anywhere.
  const limit = createStreamLimit({
    instance,
    max: maxPerUser,
    publish,
    closeLocal: (_userId, streamId) => {
      const stream = local.get(streamId);
      // Sent nothing more, closed: as when the limit was per instance.
      if (stream) closeStream(stream, "limit");
    },
  });

  const localUsers = (state: TripState) => [
    ...new Map(
      [...state.streams].filter((s) => s.admitted).map((s) => [s.user.userId, s.user]),
    ).values(),
  ];

  const online = async (state: TripState): Promise<OnlineUser[]> => {
    const users = new Map(localUsers(state).map((u) => [u.userId, u]));
    const remoteIds = [...new Set([...state.remote.values()].flat())].filter(
      (id) => !users.has(id),
    );
    const unknown = remoteIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const rows = await db
        .select({ userId: user.id, name: user.name, image: user.image })
        .from(user)
        .where(inArray(user.id, unknown));
      for (const row of rows) known.set(row.userId, row);
    }
    for (const id of remoteIds) {
      const found = known.get(id);
      if (found) users.set(id, found);
    }
    return [...users.values()];
  };

  const broadcast = (state: TripState, event: Omit<LiveEvent, "id">) => {
    // One object for every listener, so that it is serialised once (live-sse.ts frameOf), not
    // once per open stream.
    const shared: LiveEvent = { ...event, id: String(state.version) };
    for (const stream of state.streams) if (stream.admitted) stream.send(shared);
  };

  const enqueue = (state: TripState, task: () => Promise<void>) => {
    state.chain = state.chain.then(task).catch((error: unknown) => {
      logger.warn({ error }, "live: a trip's update failed");
    });
    return state.chain;
  };

  /**
   * Closes, with `revoked`, the trip's streams whose session ended or whose user is no longer on
   * the trip: the check does not wait for the news of it (an `r` may come after the next change).
   */
  const dropEnded = async (tripId: string, streams: Stream[]) => {
    const open = streams.filter((s) => !s.closed);
    if (open.length === 0) return;
    const allowed = await sessionsStillOnTrip(
      db,
      tripId,
      open.map((s) => s.session),
    );
    for (const stream of open)
      if (!allowed.has(stream.session) && !stream.closed) {
        stream.send({ event: "revoked", id: String(trips.get(tripId)?.version ?? 0), data: {} });
        closeStream(stream, "revoked");
      }
  };

  /** Tells the trip's listeners every version saved after the newest they were told. */
  const catchUp = (tripId: string, state: TripState) =>
    enqueue(state, async () => {
      const entries = await changesSince(db, tripId, state.version);
      // No change reaches a stream whose access ended, whatever order the news comes in.
      if (entries.length > 0) await dropEnded(tripId, [...state.streams]);
      for (const entry of entries) {
        state.version = entry.version;
        broadcast(state, {
          event: "change",
          data: { version: entry.version, by: entry.by, summary: entry.summary },
        });
      }
    });

  const presenceChanged = (tripId: string, state: TripState, announce: boolean) =>
    enqueue(state, async () => {
      broadcast(state, { event: "presence", data: { online: await online(state) } });
      if (announce)
        await publish({
          k: "p",
          t: tripId,
          i: instance,
          u: localUsers(state)
            .map((u) => u.userId)
            .slice(0, MAX_ANNOUNCED_USERS),
        });
    });

  /** `reason` is told to the listener; null: the listener itself went away. */
  const closeStream = (stream: Stream, reason: LiveCloseReason | null) => {
    if (stream.closed) return;
    stream.closed = true;
    local.delete(stream.id);
    limit.closed(stream.user.userId, stream.id);
    stream.close(reason);
    const state = trips.get(stream.tripId);
    if (!state) return;
    const before = localUsers(state).length;
    state.streams.delete(stream);
    if (state.streams.size === 0) {
      trips.delete(stream.tripId);
      void publish({ k: "p", t: stream.tripId, i: instance, u: [] });
    } else if (localUsers(state).length !== before)
      void presenceChanged(stream.tripId, state, true);
  };

  const onMessage = (message: LiveMessage) => {
    if (message.k === "o" || message.k === "e" || message.k === "x") {
      limit.message(message);
      return;
    }
    if (message.k === "s") {
      const byTrip = new Map<string, Stream[]>();
      for (const stream of local.values())
        if (stream.user.userId === message.u)
          byTrip.set(stream.tripId, [...(byTrip.get(stream.tripId) ?? []), stream]);
      for (const [tripId, streams] of byTrip) {
        const state = trips.get(tripId);
        if (state) void enqueue(state, () => dropEnded(tripId, streams));
      }
      return;
    }
    const state = trips.get(message.t);
    if (!state) return;
    switch (message.k) {
      case "c":
        if (message.v > state.version) void catchUp(message.t, state);
        return;
      case "p":
        if (message.i === instance) return;
        if (message.u.length > 0) state.remote.set(message.i, message.u);
        else state.remote.delete(message.i);
        void presenceChanged(message.t, state, false);
        return;
      case "q":
        if (message.i !== instance)
          void publish({
            k: "p",
            t: message.t,
            i: instance,
            u: localUsers(state).map((u) => u.userId),
          });
        return;
      case "r":
        for (const stream of [...state.streams])
          if (message.u === null || stream.user.userId === message.u) {
            // `deleted`: the page can say why (the owner deleted the trip), not only that it ended.
            stream.send({
              event: "revoked",
              id: String(state.version),
              data: message.d === 1 ? { deleted: true } : {},
            });
            closeStream(stream, "revoked");
          }
        return;
    }
  };

  /** After the channel came back: what was missed is read again, and who is where is asked anew. */
  const resync = () => {
    logger.info({ trips: trips.size }, "live: resync after the channel came back");
    for (const [tripId, state] of trips) {
      void catchUp(tripId, state);
      state.remote.clear();
      void publish({ k: "q", t: tripId, i: instance });
    }
    limit.resync();
  };

  return {
    open: async ({ tripId, version, user: who, session, lastEventId, send, close }) => {
      await (listening ??= bus.listen({ message: onMessage, resync }));
      known.set(who.userId, who);
      const stream: Stream = {
        id: (++opened).toString(36),
        tripId,
        user: who,
        session,
        admitted: false,
        send,
        close,
        closed: false,
      };
      let state = trips.get(tripId);
      const first = !state;
      if (!state) {
        state = { streams: new Set(), version, remote: new Map(), chain: Promise.resolve() };
        trips.set(tripId, state);
      }
      // In place first, so that a removal or sign-out from now on closes it; then access is
      // checked again, so that one that came before (after the caller's read) closes it too.
      state.streams.add(stream);
      local.set(stream.id, stream);
      limit.opened(who.userId, stream.id);
      const current = state;
      let newUserHere = false;
      await enqueue(current, async () => {
        if (stream.closed) return;
        const allowed = await sessionsStillOnTrip(db, tripId, [session]);
        if (stream.closed) return;
        if (!allowed.has(session)) {
          send({ event: "revoked", id: String(Math.max(version, current.version)), data: {} });
          closeStream(stream, "revoked");
          return;
        }
        newUserHere = !localUsers(current).some((u) => u.userId === who.userId);
        stream.admitted = true;
        send({
          event: "ready",
          id: String(Math.max(version, current.version)),
          data: { version: Math.max(version, current.version), online: await online(current) },
        });
        // Behind (a reconnect with Last-Event-ID): the versions it missed, to this stream alone.
        if (lastEventId !== undefined && lastEventId < current.version)
          for (const entry of await changesSince(db, tripId, lastEventId))
            if (entry.version <= current.version)
              send({
                event: "change",
                id: String(entry.version),
                data: { version: entry.version, by: entry.by, summary: entry.summary },
              });
      });
      if (stream.closed) return { close: () => undefined };
      // A change saved between the caller's read and this listener's start is not lost.
      void catchUp(tripId, current);
      if (first) void publish({ k: "q", t: tripId, i: instance });
      if (newUserHere) void presenceChanged(tripId, current, true);
      return { close: () => closeStream(stream, null) };
    },
    publishChange: (tripId, version) => publish({ k: "c", t: tripId, v: version }),
    publishAccessEnded: (tripId, userId) => publish({ k: "r", t: tripId, u: userId }),
    publishTripDeleted: (tripId) => publish({ k: "r", t: tripId, u: null, d: 1 }),
    publishSessionsEnded: (userId) => publish({ k: "s", u: userId }),
    close: async () => {
      for (const stream of [...local.values()]) closeStream(stream, "shutdown");
      // The others hear of these ends before the channel goes.
      await limit.flush();
      await bus.close();
    },
  };
}
