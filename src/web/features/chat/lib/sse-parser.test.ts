import { describe, expect, it } from "vitest";
import { createSseParser } from "./sse-parser.ts";

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
