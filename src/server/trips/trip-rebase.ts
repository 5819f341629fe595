import { isDeepStrictEqual } from "node:util";
import type { TripMergeConflict } from "#shared/schemas/trip-history.ts";
import type { Db } from "../db/database.ts";
import type { TripRow } from "../db/schema.ts";
import { mergeTrips, type MergeFields } from "./trip-merge.ts";
import { applyTripPatch, type TripPatchInput } from "./trip-patch.ts";
import type { DescribedFields } from "./trip-summary.ts";
import { findVersion } from "../history/trip-versions.ts";
import { withoutTravel } from "../routing/route-legs.ts";
import { stopNights } from "#shared/trip-stop-days.ts";

type Stored = Omit<MergeFields, "budget" | "stops" | "transport" | "stays"> & {
  budget: number | string;
} & Partial<Pick<MergeFields, "stops" | "transport" | "stays">>;

/**
 * The mergeable fields of a row or a snapshot. A version saved before stops existed has none of
 * them: it reads with the current stops (so only a change of them counts) and no bookings.
 */
const fieldsOf = (row: Stored, current: Pick<TripRow, "stops">): MergeFields => ({
  name: row.name,
  destination: row.destination,
  startDate: row.startDate,
  endDate: row.endDate,
  budget: Number(row.budget),
  travelStyle: row.travelStyle,
  interests: row.interests,
  // Legs are routed after the merge from the places it keeps: they never conflict.
  itinerary: withoutTravel(row.itinerary),
  stops: row.stops ?? current.stops,
  transport: row.transport ?? [],
  stays: row.stays ?? [],
});

/**
 * F-11: a journey or stay the change adds (sent without an id, so it got a fresh one) that equals
 * one added since the base takes that one's id, so the merge sees one addition and not two: the
 * same PATCH replayed, or the same booking added by a companion meanwhile, is added once. Each one
 * added since the base stands for one addition only (two equal ones sent twice stay two).
 */
function adoptAddedIds<T extends { id: string }>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
  contentOf: (item: T) => unknown,
): T[] {
  const inBase = new Set(base.map((item) => item.id));
  const taken = new Set(mine.map((item) => item.id));
  const added = theirs.filter((item) => !inBase.has(item.id));
  return mine.map((item) => {
    if (inBase.has(item.id)) return item;
    const match = added.find(
      (other) => !taken.has(other.id) && isDeepStrictEqual(contentOf(other), contentOf(item)),
    );
    if (!match) return item;
    taken.add(match.id);
    return { ...item, id: match.id };
  });
}

// What was sent, without what the server draws or finds: the id, and a stay's location (looked up
// after the save, so the one saved since has it and the replayed one not yet).
const journeyContent = ({ id: _id, ...journey }: MergeFields["transport"][number]) => journey;
const stayContent = ({
  id: _id,
  lat: _lat,
  lng: _lng,
  osmId: _osmId,
  ...stay
}: MergeFields["stays"][number]) => stay;

export const VERSION_GONE_MESSAGE =
  "This change was made on a version too old to merge; reload the trip and make it again";

export type Rebased =
  | {
      ok: true;
      /** The patch to apply to the current row (its version). */
      patch: TripPatchInput;
      /** What the author's change is described from (their base, and what they made of it). */
      before: DescribedFields;
      after?: DescribedFields;
    }
  | { ok: false; conflicts: TripMergeConflict[] };

/**
 * A PATCH made against the current version goes as it is. One made against an older version is
 * replayed on that version (from history) and merged with what was saved since: the result is a
 * whole-trip patch on the current version, or the conflicts when both touched the same thing.
 */
export async function patchForCurrent(
  db: Db,
  row: TripRow,
  patch: TripPatchInput,
): Promise<Rebased> {
  if (row.version === patch.version) return { ok: true, patch, before: fieldsOf(row, row) };
  const snapshot =
    patch.version < row.version ? await findVersion(db, row.id, patch.version) : null;
  if (!snapshot)
    return {
      ok: false,
      conflicts: [{ kind: "version", field: "version", message: VERSION_GONE_MESSAGE }],
    };
  const base = fieldsOf(snapshot, row);
  const theirs = fieldsOf(row, row);
  const made = fieldsOf(applyTripPatch({ ...row, ...base }, patch).values, row);
  const mine = {
    ...made,
    transport: adoptAddedIds(base.transport, made.transport, theirs.transport, journeyContent),
    stays: adoptAddedIds(base.stays, made.stays, theirs.stays, stayContent),
  };
  const merged = mergeTrips(base, mine, theirs);
  if (!merged.ok) return merged;
  const { itinerary, stops, ...fields } = merged.merged;
  return {
    ok: true,
    patch: {
      ...fields,
      travelStyle: fields.travelStyle as TripPatchInput["travelStyle"],
      interests: fields.interests as TripPatchInput["interests"],
      version: row.version,
      itinerary,
      // Leg preferences touch nothing the merge compares: they go on as they were sent.
      ...(patch.setLegMode ? { setLegMode: patch.setLegMode } : {}),
      ...(patch.travelMode ? { travelMode: patch.travelMode } : {}),
      // Known ids keep their places; the days are the merged itinerary's, not moved again.
      stops: stops.map((stop) => ({
        id: stop.id,
        destination: stop.destination,
        nights: stopNights(stop),
      })),
    },
    before: base,
    after: mine,
  };
}
