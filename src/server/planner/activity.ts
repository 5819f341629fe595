import { randomUUID } from "node:crypto";
import type { Activity, ActivityDraft } from "#shared/schemas/itinerary.ts";
import { UNPLACED } from "#shared/constants.ts";

export type PlaceFields = Pick<
  Activity,
  "lat" | "lng" | "why" | "osmId" | "openingHours" | "website"
>;

/** A planner's or a model's activity as stored: a fresh server-side id and no place unless given. */
export function toActivity(draft: ActivityDraft, place: Partial<PlaceFields> = {}): Activity {
  return { id: randomUUID(), ...draft, ...UNPLACED, ...place };
}
