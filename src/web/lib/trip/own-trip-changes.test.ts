import { describe, expect, it } from "vitest";
import { expectOwnChange, takeOwnChange } from "./own-trip-changes.ts";

describe("own changes outside the editor", () => {
  it("counts off one echo per save, per trip", () => {
    expectOwnChange("t1", 1_000);
    expectOwnChange("t1", 1_100);
    expect(takeOwnChange("t2", 1_200)).toBe(false);
    expect(takeOwnChange("t1", 1_200)).toBe(true);
    expect(takeOwnChange("t1", 1_300)).toBe(true);
    expect(takeOwnChange("t1", 1_400)).toBe(false);
  });

  it("forgets an echo that never came, so someone else's later change is announced", () => {
    expectOwnChange("t3", 0);
    expect(takeOwnChange("t3", 60_000)).toBe(false);
  });
});
