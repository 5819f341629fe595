import { randomUUID } from "node:crypto";
import { UNPLACED, type Activity, type ActivityDraft } from "#shared/schemas/itinerary.ts";

/** A planner's or a model's activity as stored: a fresh server-side id and no place yet. */
export function toActivity(draft: ActivityDraft, place: Partial<typeof UNPLACED> = {}): Activity {
  return { id: randomUUID(), ...draft, ...UNPLACED, ...place };
}
