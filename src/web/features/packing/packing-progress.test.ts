import { describe, expect, it } from "vitest";
import type { PackingItem, PackingList } from "#shared/schemas/packing.ts";
import { byCategory, progressOf } from "./packing-progress.ts";

const item = (
  name: string,
  category: string,
  packedBy: Record<string, true> = {},
): PackingItem => ({
  id: name,
  name,
  category,
  quantity: 1,
  packedBy,
  assignedTo: null,
  note: "",
});

describe("packing progress", () => {
  it("counts the owner's ticks on a personal list, anyone's on the shared one", () => {
    const items = [
      item("Socks", "Clothing", { ana: true }),
      item("Hat", "Clothing", { bruno: true }),
      item("Book", "Other"),
    ];
    const mine: PackingList = { id: "1", kind: "personal", ownerId: "ana", items };
    const shared: PackingList = { id: "2", kind: "shared", ownerId: null, items };
    expect(progressOf(mine).text).toBe("1 of 3 packed");
    expect(progressOf(shared).text).toBe("2 of 3 packed");
    expect(byCategory(items).map(([c, list]) => [c, list.length])).toEqual([
      ["Clothing", 2],
      ["Other", 1],
    ]);
  });
});
