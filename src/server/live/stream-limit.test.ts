import { describe, expect, it } from "vitest";
import { createMemoryBus, type LiveBus, type LiveMessage } from "./live-bus.ts";
import { createStreamLimit, type StreamLimit } from "./stream-limit.ts";

// The registry alone, two or three "instances" on one in-process bus: what each closes is what the
// limit decided, seen through closeLocal.

type Instance = { limit: StreamLimit; closed: string[]; down: boolean };

async function instanceOn(bus: LiveBus, name: string, max = 20): Promise<Instance> {
  const made: Instance = { limit: null as unknown as StreamLimit, closed: [], down: false };
  made.limit = createStreamLimit({
    instance: name,
    max,
    // While "down", what it publishes is lost, as with the database away.
    publish: (message) => (made.down ? Promise.resolve() : bus.publish(message)),
    closeLocal: (userId, streamId) => {
      made.closed.push(streamId);
      made.limit.closed(userId, streamId);
    },
  });
  await bus.listen({
    message: (m) => {
      if (m.k === "o" || m.k === "e" || m.k === "x") made.limit.message(m);
    },
    resync: () => made.limit.resync(),
  });
  return made;
}

/** Lets every announcement and every answer to one go round (no clock involved). */
async function settle(...instances: Instance[]) {
  for (let round = 0; round < 5; round++)
    for (const instance of instances) await instance.limit.flush();
}

describe("the per-user stream limit across instances", () => {
  it("the 21st stream anywhere closes the oldest, on the instance that holds it", async () => {
    const bus = createMemoryBus();
    const seen: LiveMessage[] = [];
    await bus.listen({ message: (m) => seen.push(m), resync: () => undefined });
    const a = await instanceOn(bus, "instance-a");
    const b = await instanceOn(bus, "instance-b");
    for (let n = 1; n <= 10; n++) {
      a.limit.opened("alice", `a${n}`);
      await settle(a, b);
    }
    for (let n = 1; n <= 10; n++) {
      b.limit.opened("alice", `b${n}`);
      await settle(a, b);
    }
    expect([a.closed, b.closed]).toEqual([[], []]);
    b.limit.opened("alice", "b11");
    await settle(a, b);
    expect(a.closed).toEqual(["a1"]);
    expect(b.closed).toEqual([]);
    // Another user's streams are counted apart.
    b.limit.opened("bob", "b12");
    await settle(a, b);
    expect([a.closed, b.closed]).toEqual([["a1"], []]);
    // Ids and times only (at most a user's 20 streams in one), far below NOTIFY's 8,000 bytes.
    const own = seen.filter((m) => m.k === "o" || m.k === "e" || m.k === "x");
    expect(own.length).toBeGreaterThan(0);
    for (const message of own) expect(JSON.stringify(message).length).toBeLessThan(1_000);
  });

  it("streams of an instance that died are dropped first and never hold the limit down", async () => {
    const bus = createMemoryBus();
    const a = await instanceOn(bus, "instance-a");
    a.limit.opened("alice", "a1");
    await settle(a);
    // A dead instance's 19 streams, older than any of A's, as A heard of them before it died.
    await bus.publish({
      k: "o",
      i: "dead",
      u: "alice",
      e: Array.from({ length: 19 }, (_, n) => [`d${n}`, n + 1] as [string, number]),
    });
    for (let n = 2; n <= 20; n++) {
      a.limit.opened("alice", `a${n}`);
      await settle(a);
    }
    expect(a.closed).toEqual([]);
    a.limit.opened("alice", "a21");
    await settle(a);
    expect(a.closed).toEqual(["a1"]);
  });

  it("after the channel came back, ends the others missed no longer count", async () => {
    const bus = createMemoryBus();
    const a = await instanceOn(bus, "instance-a");
    const b = await instanceOn(bus, "instance-b");
    for (let n = 1; n <= 10; n++) {
      b.limit.opened("alice", `b${n}`);
      await settle(a, b);
    }
    for (let n = 1; n <= 10; n++) {
      a.limit.opened("alice", `a${n}`);
      await settle(a, b);
    }
    // A loses the database: B does not hear that five of A's streams closed.
    a.down = true;
    for (let n = 1; n <= 5; n++) a.limit.closed("alice", `a${n}`);
    await settle(a, b);
    a.down = false;
    a.limit.resync();
    await settle(a, b);
    // 15 open: five more fit, and B's oldest (its own) stay open.
    for (let n = 11; n <= 15; n++) {
      b.limit.opened("alice", `b${n}`);
      await settle(a, b);
    }
    expect([a.closed, b.closed]).toEqual([[], []]);
    b.limit.opened("alice", "b16");
    await settle(a, b);
    expect([a.closed, b.closed]).toEqual([[], ["b1"]]);
  });
});
