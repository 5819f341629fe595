import { randomUUID } from "node:crypto";
import { withoutDayFacts } from "#shared/day-facts.ts";
import type { Activity, ActivityDraft } from "#shared/schemas/itinerary.ts";
import { UNPLACED, type PlaceFields } from "#shared/place-fields.ts";

/**
 * A planner's or a model's activity as stored: a fresh server-side id and no place unless given.
 * Its description holds no dates or hours (they go stale when the day moves; pages compute them).
 */
export function toActivity(draft: ActivityDraft, place: Partial<PlaceFields> = {}): Activity {
  const description = withoutDayFacts(draft.description);
  return { id: randomUUID(), ...draft, description, ...UNPLACED, ...place };
}
