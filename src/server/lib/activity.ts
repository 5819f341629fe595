import { randomUUID } from "node:crypto";
import { UNPLACED, type Activity, type ActivityDraft } from "#shared/schemas/itinerary.ts";

export type PlaceFields = Pick<
  Activity,
  "lat" | "lng" | "why" | "osmId" | "openingHours" | "website"
>;

/** A planner's or a model's activity as stored: a fresh server-side id and no place unless given. */
export function toActivity(draft: ActivityDraft, place: Partial<PlaceFields> = {}): Activity {
  return { id: randomUUID(), ...draft, ...UNPLACED, ...place };
}
