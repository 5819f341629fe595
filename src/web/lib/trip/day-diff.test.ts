import { describe, expect, it } from "vitest";
import { UNPLACED } from "#shared/place-fields.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import { diffDay, hasChanges } from "./day-diff.ts";

const activity = (id: string, name: string, extra: Partial<Activity> = {}): Activity => ({
  id,
  time: "09:00",
  activity: name,
  location: "Old town",
  description: "A walk",
  cost: 10,
  durationMinutes: 60,
  ...UNPLACED,
  ...extra,
});
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe("diffDay", () => {
  it("matches by id, then by name, and lists removed activities last", () => {
    const before = [
      activity(ID(1), "Castle"),
      activity(ID(2), "Museum"),
      activity(ID(3), "Market", { time: "12:00" }),
    ];
    const after = [
      activity(ID(1), "Castle", { time: "10:00", cost: null }),
      activity(ID(7), "museum ", { time: "09:00" }),
      activity(ID(8), "Harbour cruise"),
    ];
    expect(diffDay(before, after)).toEqual([
      { kind: "changed", before: before[0], after: after[0], fields: ["time", "cost"] },
      { kind: "changed", before: before[1], after: after[1], fields: ["activity"] },
      { kind: "added", after: after[2] },
      { kind: "removed", before: before[2] },
    ]);
  });

  it("says when nothing changed", () => {
    const day = [activity(ID(1), "Castle")];
    const diffs = diffDay(day, day);
    expect(diffs).toEqual([{ kind: "same", after: day[0] }]);
    expect(hasChanges(diffs)).toBe(false);
    expect(hasChanges(diffDay(day, []))).toBe(true);
  });
});
