import { describe, expect, it } from "vitest";
import { returnTarget } from "./return-target.ts";

describe("returnTarget", () => {
  it("keeps same-site paths and refuses other sites and auth entry pages", () => {
    expect(returnTarget("/trips?sort=oldest")).toBe("/trips?sort=oldest");
    expect(returnTarget(null)).toBe("/");
    expect(returnTarget("https://evil.example")).toBe("/");
    expect(returnTarget("//evil.example")).toBe("/");
    expect(returnTarget("/login")).toBe("/");
    expect(returnTarget("/signup?from=%2Ftrips")).toBe("/");
    expect(returnTarget("/login-help")).toBe("/login-help");
  });
});
