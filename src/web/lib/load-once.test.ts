import { describe, expect, it, vi } from "vitest";
import { loadOnce } from "./load-once.ts";

describe("loadOnce", () => {
  it("loads once for every caller, at the same time or later", async () => {
    const load = vi.fn(() => Promise.resolve({ schema: "loaded" }));
    const get = loadOnce(load);
    const [a, b] = await Promise.all([get(), get()]);
    const c = await get();
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it("forgets a failed load, so the next call tries again", async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce("loaded");
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow("Failed to fetch");
    await expect(get()).resolves.toBe("loaded");
    await expect(get()).resolves.toBe("loaded");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
