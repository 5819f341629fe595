import { describe, expect, it } from "vitest";
import { moveActive, searchStatusText } from "./search-status.ts";

describe("searchStatusText", () => {
  it("says what the search is doing, and that free text stays allowed when it cannot help", () => {
    expect(searchStatusText({ kind: "idle" })).toBe("");
    expect(searchStatusText({ kind: "searching" })).toBe("Searching OpenStreetMap…");
    expect(searchStatusText({ kind: "found", count: 0, term: " louvre " })).toBe(
      "No places found for “louvre”. You can still type any location.",
    );
    expect(searchStatusText({ kind: "found", count: 1, term: "louvre" })).toMatch(
      /^1 place found\./,
    );
    expect(searchStatusText({ kind: "found", count: 3, term: "mus" })).toMatch(/^3 places found\./);
    expect(searchStatusText({ kind: "failed", status: 503, message: "Busy." })).toBe(
      "Places are unavailable right now. You can still type any location.",
    );
    expect(searchStatusText({ kind: "failed", status: 0, message: "Check your connection." })).toBe(
      "Check your connection. You can still type any location.",
    );
  });
});

describe("moveActive", () => {
  it("moves through the options and wraps round", () => {
    expect(moveActive(-1, 3, 1)).toBe(0);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(1, 3, 1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});
