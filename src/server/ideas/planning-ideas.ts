import { ideaScore } from "#shared/schemas/ideas.ts";
import type { Db } from "../db/database.ts";
import type { TripRow } from "../db/schema.ts";
import type { PlanningIdeas } from "../planner/planning-ideas.ts";
import { listIdeas } from "./ideas.ts";

/**
 * The trip's ideas for the planner: those still on the list (not planned, not dismissed) with
 * their score, and the dismissed ones, which it never plans.
 */
export async function planningIdeas(db: Db, trip: TripRow): Promise<PlanningIdeas> {
  const ideas = await listIdeas(db, trip);
  return {
    preferred: ideas
      .filter((i) => i.status === "idea")
      .map((i) => ({ id: i.id, title: i.title, score: ideaScore(i.votes), place: i.place })),
    dismissed: ideas
      .filter((i) => i.status === "dismissed")
      .map((i) => ({
        title: i.title,
        osmId: i.place?.osmId ?? null,
        placeName: i.place?.name ?? null,
      })),
  };
}
