import { describe, expect, it } from "vitest";
import { createIntervalQueue } from "./interval-queue.ts";

const never = new AbortController().signal;

describe("createIntervalQueue", () => {
  it("runs one task at a time, owners taking turns, a newcomer right after the task in flight", async () => {
    const enqueue = createIntervalQueue(1);
    const ran: string[] = [];
    const task = (name: string) => () => {
      ran.push(name);
      return Promise.resolve(name);
    };
    const all = [
      enqueue(task("a1"), never, "a"),
      enqueue(task("a2"), never, "a"),
      enqueue(task("a3"), never, "a"),
      enqueue(task("b1"), never, "b"),
      enqueue(task("b2"), never, "b"),
      enqueue(task("c1"), never, "c"),
    ];
    expect(await Promise.all(all)).toEqual(["a1", "a2", "a3", "b1", "b2", "c1"]);
    expect(ran).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
  });

  it("waits the interval between starts and never overlaps tasks", async () => {
    const enqueue = createIntervalQueue(15);
    const starts: number[] = [];
    let running = 0;
    const task = async () => {
      expect(running).toBe(0);
      running++;
      starts.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
    };
    await Promise.all([
      enqueue(task, never, "a"),
      enqueue(task, never, "a"),
      enqueue(task, never, "b"),
    ]);
    // A lower bound only: a slow machine makes the gaps longer, never shorter (timers may fire
    // up to a millisecond early).
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(14);
  });

  it("drops a waiting task whose signal is aborted, and goes on with the others", async () => {
    const enqueue = createIntervalQueue(20);
    const ran: string[] = [];
    const task = (name: string) => () => {
      ran.push(name);
      return Promise.resolve(name);
    };
    const controller = new AbortController();
    const first = enqueue(task("a1"), never, "a");
    const dropped = enqueue(task("b1"), controller.signal, "b");
    const last = enqueue(task("a2"), never, "a");
    controller.abort(new Error("gone"));
    await expect(dropped).rejects.toThrow("gone");
    expect(await Promise.all([first, last])).toEqual(["a1", "a2"]);
    expect(ran).toEqual(["a1", "a2"]);
    await expect(enqueue(task("late"), controller.signal, "b")).rejects.toThrow("gone");
  });
});
