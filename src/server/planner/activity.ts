import { randomUUID } from "node:crypto";
import { withoutDayFacts } from "#shared/day-facts.ts";
import type { Activity, ActivityDraft } from "#shared/schemas/itinerary.ts";
import { UNPLACED, type PlaceFields } from "#shared/place-fields.ts";
import { estimateDurationMinutes, type DurationClues } from "./activity-duration.ts";

/**
 * A planner's or a model's activity as stored: a fresh server-side id, no place unless given, and
 * its length as drafted or else estimated (from the matched place's kind and tags when `kind` says).
 * Its description holds no dates or hours (they go stale when the day moves; pages compute them).
 */
export function toActivity(
  draft: ActivityDraft,
  place: Partial<PlaceFields> = {},
  kind: Pick<DurationClues, "kind" | "tags"> = {},
): Activity {
  const description = withoutDayFacts(draft.description);
  return {
    id: randomUUID(),
    ...draft,
    description,
    durationMinutes: draft.durationMinutes ?? estimateDurationMinutes({ ...draft, ...kind }),
    ...UNPLACED,
    ...place,
  };
}
