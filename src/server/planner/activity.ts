import { randomUUID } from "node:crypto";
import type { Activity, ActivityDraft } from "#shared/schemas/itinerary.ts";
import { UNPLACED, type PlaceFields } from "#shared/place-fields.ts";
import { estimateDurationMinutes, type DurationClues } from "./activity-duration.ts";

/**
 * A planner's or a model's activity as stored: a fresh server-side id, no place unless given, and
 * its length as drafted or else estimated (from the matched place's kind and tags when `kind` says).
 */
export function toActivity(
  draft: ActivityDraft,
  place: Partial<PlaceFields> = {},
  kind: Pick<DurationClues, "kind" | "tags"> = {},
): Activity {
  return {
    id: randomUUID(),
    ...draft,
    durationMinutes: draft.durationMinutes ?? estimateDurationMinutes({ ...draft, ...kind }),
    ...UNPLACED,
    ...place,
  };
}
