import { randomUUID } from "node:crypto";
import type { Activity, ActivityDraft } from "#shared/schemas/itinerary.ts";
import { UNPLACED, type PlaceFields } from "#shared/place-fields.ts";

/** A planner's or a model's activity as stored: a fresh server-side id and no place unless given. */
export function toActivity(draft: ActivityDraft, place: Partial<PlaceFields> = {}): Activity {
  return { id: randomUUID(), ...draft, ...UNPLACED, ...place };
}
