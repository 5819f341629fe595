import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import { mergeTrips, type MergeFields } from "./trip-merge.ts";

/*
 * Two people start from one version and each make a random sequence of edits (change an
 * activity's text, move it to another day, remove it). When the two touch different activities,
 * the merge must equal applying both sequences one after the other; when both change the same
 * activity differently, it is a conflict naming that activity.
 */

const DATES = ["2027-03-01", "2027-03-02", "2027-03-03"];

const activity = (id: string): Activity => ({
  id,
  time: "09:00",
  activity: `Visit ${id}`,
  location: `Place ${id}`,
  description: "",
  durationMinutes: 60,
  cost: null,
  lat: null,
  lng: null,
  why: null,
  osmId: null,
  openingHours: null,
  website: null,
});

type Op =
  | { kind: "edit"; target: number; text: string }
  | { kind: "move"; target: number; to: number }
  | { kind: "remove"; target: number };

const opArb = (targets: number): fc.Arbitrary<Op> =>
  fc.oneof(
    fc.record({
      kind: fc.constant("edit" as const),
      target: fc.nat(targets - 1),
      text: fc.string({ minLength: 1, maxLength: 8 }),
    }),
    fc.record({
      kind: fc.constant("move" as const),
      target: fc.nat(targets - 1),
      to: fc.nat(DATES.length - 1),
    }),
    fc.record({ kind: fc.constant("remove" as const), target: fc.nat(targets - 1) }),
  );

const ONE_STOP = {
  id: "00000000-0000-4000-8000-000000000001",
  destination: "Lisbon, Portugal",
  startDate: DATES[0]!,
  endDate: DATES[DATES.length - 1]!,
  place: null,
};

const trip = (days: string[][]): MergeFields => ({
  name: "Lisbon",
  destination: "Lisbon, Portugal",
  startDate: DATES[0]!,
  endDate: DATES[DATES.length - 1]!,
  budget: 1500,
  travelStyle: "comfort",
  interests: ["History"],
  itinerary: {
    days: DATES.map((date, i) => ({ date, activities: (days[i] ?? []).map(activity) })),
  },
  stops: [ONE_STOP],
  transport: [],
  stays: [],
});

/** One edit, on activity `ids[target]` (nothing when it is gone already). */
function apply(itinerary: Itinerary, ids: string[], op: Op, who: string): Itinerary {
  const id = ids[op.target]!;
  const days = itinerary.days.map((d) => ({ ...d, activities: [...d.activities] }));
  const day = days.find((d) => d.activities.some((a) => a.id === id));
  if (!day) return itinerary;
  const index = day.activities.findIndex((a) => a.id === id);
  const current = day.activities[index]!;
  if (op.kind === "edit") day.activities[index] = { ...current, activity: `${who} ${op.text}` };
  if (op.kind === "remove") day.activities.splice(index, 1);
  if (op.kind === "move" && days[op.to] !== day) {
    day.activities.splice(index, 1);
    days[op.to]!.activities.push(current);
  }
  return { days };
}

const applyAll = (itinerary: Itinerary, ids: string[], ops: Op[], who: string) =>
  ops.reduce((it, op) => apply(it, ids, op, who), itinerary);

/** Each day's activities, order aside (where two people put things on one day is either's). */
const bySet = (itinerary: Itinerary) =>
  itinerary.days.map((d) => d.activities.map((a) => JSON.stringify(a)).sort());

const baseArb = fc
  .array(fc.array(fc.constant(0), { maxLength: 4 }), { minLength: 3, maxLength: 3 })
  .map((days) => {
    let n = 0;
    return days.map((day) => day.map(() => `a${n++}`));
  })
  .filter((days) => days.flat().length >= 2);

describe("mergeTrips", () => {
  it("two edit sequences on different activities merge into applying both", () => {
    fc.assert(
      fc.property(
        baseArb.chain((days) => {
          const ids = days.flat();
          return fc.record({
            days: fc.constant(days),
            // Which side each activity belongs to: nobody touches the other side's.
            sides: fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length }),
            mine: fc.array(opArb(ids.length), { maxLength: 6 }),
            theirs: fc.array(opArb(ids.length), { maxLength: 6 }),
          });
        }),
        ({ days, sides, mine, theirs }) => {
          const ids = days.flat();
          const mineIds = ids.filter((_, i) => sides[i]);
          const theirIds = ids.filter((_, i) => !sides[i]);
          const mineOps = mineIds.length
            ? mine.map((op) => ({ ...op, target: op.target % mineIds.length }))
            : [];
          const theirOps = theirIds.length
            ? theirs.map((op) => ({ ...op, target: op.target % theirIds.length }))
            : [];
          const base = trip(days);
          const mineTrip = { ...base, itinerary: applyAll(base.itinerary, mineIds, mineOps, "me") };
          const theirTrip = {
            ...base,
            itinerary: applyAll(base.itinerary, theirIds, theirOps, "them"),
          };
          const both = applyAll(theirTrip.itinerary, mineIds, mineOps, "me");
          const result = mergeTrips(base, mineTrip, theirTrip);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(bySet(result.merged.itinerary)).toEqual(bySet(both));
          expect(result.merged.itinerary.days.map((d) => d.date)).toEqual(DATES);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("both changing the same activity differently is a conflict naming it", () => {
    fc.assert(
      fc.property(
        baseArb.chain((days) =>
          fc.record({
            days: fc.constant(days),
            target: fc.nat(days.flat().length - 1),
            mine: fc.string({ minLength: 1, maxLength: 8 }),
            theirs: fc.string({ minLength: 1, maxLength: 8 }),
            theirOp: fc.constantFrom("edit", "remove" as const),
          }),
        ),
        ({ days, target, mine, theirs, theirOp }) => {
          const ids = days.flat();
          const base = trip(days);
          const mineTrip = {
            ...base,
            itinerary: apply(base.itinerary, ids, { kind: "edit", target, text: mine }, "me"),
          };
          const theirTrip = {
            ...base,
            itinerary: apply(
              base.itinerary,
              ids,
              theirOp === "edit"
                ? { kind: "edit", target, text: theirs }
                : { kind: "remove", target },
              "them",
            ),
          };
          const result = mergeTrips(base, mineTrip, theirTrip);
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(result.conflicts).toContainEqual(
            expect.objectContaining({ kind: "activity", id: ids[target] }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps both sides' trip fields; the same field set differently is a conflict", () => {
    const base = trip([["a0"], ["a1"], []]);
    const merged = mergeTrips(base, { ...base, name: "Mine" }, { ...base, budget: 900 });
    expect(merged).toEqual({ ok: true, merged: { ...base, name: "Mine", budget: 900 } });
    const clash = mergeTrips(base, { ...base, name: "Mine" }, { ...base, name: "Theirs" });
    expect(clash).toEqual({
      ok: false,
      conflicts: [{ kind: "field", field: "name", message: "Both changes set the name" }],
    });
  });

  it("puts a moved activity after the one before it on the mover's side", () => {
    const base = trip([["a0", "a1", "a2"], ["a3"], []]);
    const mine = trip([["a2", "a0", "a1"], ["a3"], []]);
    const theirs = trip([["a0", "a1", "a2"], ["a3", "a4"], []]);
    const result = mergeTrips(base, mine, theirs);
    expect(
      result.ok && result.merged.itinerary.days.map((d) => d.activities.map((a) => a.id)),
    ).toEqual([["a2", "a0", "a1"], ["a3", "a4"], []]);
  });
});
