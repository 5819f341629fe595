import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiveEvent } from "./live-hub.ts";
import { createSseBody, frameOf, MAX_QUEUED_FRAMES } from "./live-sse.ts";

const decoder = new TextDecoder();
const change = (version: number): LiveEvent => ({
  event: "change",
  id: String(version),
  data: { version, by: { userId: "u1", name: "Bob" }, summary: "Changed the budget" },
});

async function readAll(body: ReadableStream<Uint8Array>) {
  let text = "";
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("frameOf", () => {
  it("frames an event as text/event-stream, once per event object", () => {
    const event = change(3);
    const frame = frameOf(event);
    expect(decoder.decode(frame)).toBe(
      'event: change\nid: 3\ndata: {"version":3,"by":{"userId":"u1","name":"Bob"},"summary":"Changed the budget"}\n\n',
    );
    // Every listener of a trip gets the same bytes: serialised once, not once per stream.
    expect(frameOf(event)).toBe(frame);
    expect(frameOf(change(3))).not.toBe(frame);
  });

  it("keeps a summary with line breaks on one data line", () => {
    const text = decoder.decode(
      frameOf({ event: "change", id: "4", data: { summary: "two\nlines\r\n" } }),
    );
    expect(text.split("\n").filter((l) => l.startsWith("data:"))).toEqual([
      'data: {"summary":"two\\nlines\\r\\n"}',
    ]);
  });
});

describe("createSseBody", () => {
  it("writes what is sent, in order, and ends after close without calling onEnd twice", async () => {
    const onEnd = vi.fn();
    const sse = createSseBody({ heartbeatMs: 60_000, onEnd });
    sse.send(change(2));
    sse.send(change(3));
    sse.close();
    sse.close();
    sse.send(change(4)); // after the end: dropped, not thrown
    const text = await readAll(sse.body);
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1])).toEqual(["2", "3"]);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("tells onEnd when the client goes away", async () => {
    const onEnd = vi.fn();
    const sse = createSseBody({ heartbeatMs: 60_000, onEnd });
    await sse.body.getReader().cancel();
    expect(onEnd).toHaveBeenCalledTimes(1);
    sse.send(change(2)); // nobody reads any more: nothing queued, nothing thrown
  });

  it("sends a comment line every heartbeat period", async () => {
    vi.useFakeTimers();
    const sse = createSseBody({ heartbeatMs: 20_000, onEnd: () => undefined });
    vi.advanceTimersByTime(40_000);
    sse.close();
    expect(await readAll(sse.body)).toBe(": keep-alive\n\n: keep-alive\n\n");
  });

  it("drops a listener whose connection takes nothing, rather than queueing for ever", async () => {
    const onEnd = vi.fn();
    const sse = createSseBody({ heartbeatMs: 60_000, onEnd });
    const shared = change(2);
    for (let i = 0; i < MAX_QUEUED_FRAMES; i++) sse.send(shared);
    expect(onEnd).not.toHaveBeenCalled();
    sse.send(shared);
    expect(onEnd).toHaveBeenCalledTimes(1);
    await expect(sse.body.getReader().read()).rejects.toThrow("too far behind");
  });
});
