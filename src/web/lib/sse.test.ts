import { describe, expect, it } from "vitest";
import { createSseParser, readSse } from "./sse.ts";

describe("createSseParser", () => {
  it("parses events split across chunks in any place", () => {
    const parse = createSseParser();
    expect(parse("event: delta\nda")).toEqual([]);
    expect(parse('ta: {"text":"Hi"}\n')).toEqual([]);
    expect(parse("\nevent: done\r\ndata: a\r\ndata: b\r\n\r\n")).toEqual([
      { event: "delta", data: '{"text":"Hi"}' },
      { event: "done", data: "a\nb" },
    ]);
  });

  it("defaults the event name and skips comment-only blocks", () => {
    const parse = createSseParser();
    expect(parse(": keep-alive\n\ndata:x\n\n")).toEqual([{ event: "message", data: "x" }]);
  });
});

describe("readSse", () => {
  it("yields events from a byte stream whose chunks split lines and multi-byte characters", async () => {
    const bytes = new TextEncoder().encode(
      'event: day\ndata: {"place":"Café"}\n\n: ping\n\ndata: end\n\n',
    );
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readSse(body)) events.push(event);
    expect(events).toEqual([
      { event: "day", data: '{"place":"Café"}' },
      { event: "message", data: "end" },
    ]);
  });
});
