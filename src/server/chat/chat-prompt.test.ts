import { describe, expect, it } from "vitest";
import {
  boundHistory,
  buildChatMessages,
  CHAT_HISTORY_MAX_CHARS,
  CHAT_SYSTEM_MAX_CHARS,
} from "./chat-prompt.ts";

const turn = (role: "user" | "assistant", length: number, tag: string) => ({
  role,
  content: tag.padEnd(length, "."),
});

describe("boundHistory", () => {
  it("keeps the newest turns whose lengths fit, in order", () => {
    const history = [
      turn("user", 5000, "a"),
      turn("assistant", 5000, "b"),
      turn("user", 5000, "c"),
    ];
    expect(boundHistory(history)).toEqual(history.slice(1));
    expect(boundHistory(history, 4999)).toEqual([]);
    expect(boundHistory([], 10)).toEqual([]);
  });

  it("stops at the first turn that does not fit, so no older turn slips in after a gap", () => {
    const history = [
      turn("user", 10, "old"),
      turn("assistant", 11_995, "big"),
      turn("user", 10, "new"),
    ];
    expect(boundHistory(history)).toEqual([history[2]]);
  });
});

describe("buildChatMessages", () => {
  it("keeps the system message under its bound whatever the weather text and profile", () => {
    const messages = buildChatMessages({
      message: "hi",
      history: [],
      weatherText: "w".repeat(50_000),
      traveller: {
        preferredDestinations: Array.from({ length: 200 }, () => "d".repeat(100)),
        preferredTravelStyle: "luxury",
        interests: ["History"],
      },
    });
    expect(messages[0]?.role).toBe("system");
    expect(messages[0]?.content.length).toBeLessThan(CHAT_SYSTEM_MAX_CHARS);
    expect(messages[0]?.content).not.toContain("ddd");
    expect(messages[1]?.role).toBe("user");
    expect(messages[1]?.content.length).toBeLessThanOrEqual(3_001);
  });

  it("places context messages after the system message and before the history", () => {
    const history = [turn("user", 20, "earlier"), turn("assistant", 20, "reply")];
    const context = { role: "user" as const, content: "The trip I have open" };
    const messages = buildChatMessages({
      message: "now",
      history,
      weatherText: "",
      traveller: null,
      context: [context],
    });
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "user", "assistant", "user"]);
    expect(messages[1]).toEqual(context);
    expect(messages.slice(2, 4)).toEqual(history);
    const historyChars = messages.slice(2, 4).reduce((sum, m) => sum + m.content.length, 0);
    expect(historyChars).toBeLessThanOrEqual(CHAT_HISTORY_MAX_CHARS);
  });
});
