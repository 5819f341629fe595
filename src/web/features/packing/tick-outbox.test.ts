// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { PackingResponse } from "#shared/schemas/packing.ts";
import { currentUserDataEpoch } from "#web/lib/user-data.ts";
import { loadTicks, storeTicks, waitingTicksText, withWaitingTicks } from "./tick-outbox.ts";

const data: PackingResponse = {
  lists: [
    {
      id: "l",
      kind: "shared",
      ownerId: null,
      items: [
        {
          id: "a",
          name: "Tent",
          category: "Gear",
          quantity: 1,
          packedBy: { bruno: true },
          assignedTo: null,
          note: "",
        },
        {
          id: "b",
          name: "Stove",
          category: "Gear",
          quantity: 1,
          packedBy: { ana: true },
          assignedTo: null,
          note: "",
        },
      ],
    },
  ],
};

describe("ticks waiting offline", () => {
  it("shows the waiting ticks on the server's lists, merged per item with the others' ticks", () => {
    const shown = withWaitingTicks(data, { a: true, b: false }, "ana");
    expect(shown.lists[0]!.items.map((i) => i.packedBy)).toEqual([{ bruno: true, ana: true }, {}]);
    expect(waitingTicksText(1)).toBe("Offline — 1 tick waiting");
    expect(waitingTicksText(2)).toBe("Offline — 2 ticks waiting");
  });

  it("keeps them over a reload in this tab, per trip; none left removes the entry", () => {
    storeTicks("trip-1", { a: true }, currentUserDataEpoch());
    storeTicks("trip-2", { b: false }, currentUserDataEpoch());
    expect(loadTicks("trip-1")).toEqual({ a: true });
    storeTicks("trip-1", {}, currentUserDataEpoch());
    expect(loadTicks("trip-1")).toEqual({});
    expect(loadTicks("trip-2")).toEqual({ b: false });
    // A tab that has since forgotten its user writes nothing back.
    storeTicks("trip-2", { b: true }, currentUserDataEpoch() - 1);
    expect(loadTicks("trip-2")).toEqual({ b: false });
  });
});
