import type { Activity } from "#shared/schemas/itinerary.ts";

export const DIFF_FIELDS = ["time", "activity", "location", "description", "cost"] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

export type ActivityDiff =
  | { kind: "same"; after: Activity }
  | { kind: "added"; after: Activity }
  | { kind: "removed"; before: Activity }
  | { kind: "changed"; before: Activity; after: Activity; fields: DiffField[] };

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What a proposal does to a day: activities are matched by id, then by name, so a reworded or moved
 * activity reads as "changed", not as one removed and one added. In the proposal's order, with the
 * removed ones last.
 */
export function diffDay(before: readonly Activity[], after: readonly Activity[]): ActivityDiff[] {
  const unmatched = new Map(before.map((a) => [a.id, a]));
  const pairs = after.map((next) => {
    const match =
      unmatched.get(next.id) ??
      [...unmatched.values()].find((a) => sameText(a.activity, next.activity));
    if (match) unmatched.delete(match.id);
    return { next, match };
  });
  const diffs: ActivityDiff[] = pairs.map(({ next, match }) => {
    if (!match) return { kind: "added", after: next };
    const fields = DIFF_FIELDS.filter((f) => match[f] !== next[f]);
    return fields.length === 0
      ? { kind: "same", after: next }
      : { kind: "changed", before: match, after: next, fields };
  });
  return [
    ...diffs,
    ...[...unmatched.values()].map((a) => ({ kind: "removed" as const, before: a })),
  ];
}

export const hasChanges = (diffs: readonly ActivityDiff[]) => diffs.some((d) => d.kind !== "same");
