import type { Day } from "#shared/schemas/itinerary.ts";
import type { OsmId, Place } from "../services/places/places-service.ts";
import type { PromptIdeas } from "./prompts.ts";

/**
 * The trip's ideas as the planner sees them (issue 49): those still on the list, with their score
 * (up-votes minus down-votes) and their real place when they have one; and the dismissed ones, which
 * are never planned. Read by the caller (the ideas room), so the planner stays below the trips.
 */
export type PlanningIdeas = {
  preferred: {
    id: string;
    title: string;
    score: number;
    place: {
      name: string;
      lat: number;
      lng: number;
      osmId: string | null;
      openingHours: string | null;
    } | null;
  }[];
  dismissed: { title: string; osmId: string | null; placeName: string | null }[];
};

export type IdeaUsed = { id: string; title: string };

const nameKey = (name: string) =>
  name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();

/**
 * The candidates with the ideas in: a dismissed idea's place (by OpenStreetMap id or by name) is
 * taken out; an up-voted idea's real place is added when the search did not find it. `favour`
 * ranks a place by its idea's score (0 for places no idea names, and for ideas not up-voted).
 */
export function withIdeas(
  candidates: readonly Place[],
  ideas: PlanningIdeas | undefined,
): { candidates: Place[]; favour: (p: Place) => number } {
  if (!ideas) return { candidates: [...candidates], favour: () => 0 };
  const droppedIds = new Set<string>(ideas.dismissed.flatMap((d) => (d.osmId ? [d.osmId] : [])));
  const droppedNames = new Set(
    ideas.dismissed.flatMap((d) => [
      nameKey(d.title),
      ...(d.placeName ? [nameKey(d.placeName)] : []),
    ]),
  );
  const kept = candidates.filter(
    (p) => !droppedIds.has(p.osmId) && !droppedNames.has(nameKey(p.name)),
  );
  const known = new Set<string>(kept.map((p) => p.osmId));
  const scores = new Map<string, number>();
  for (const idea of ideas.preferred) {
    const osmId = idea.place?.osmId;
    if (!idea.place || !osmId || idea.score <= 0 || droppedIds.has(osmId)) continue;
    scores.set(osmId, Math.max(scores.get(osmId) ?? 0, idea.score));
    if (known.has(osmId)) continue;
    known.add(osmId);
    kept.push({
      osmId: osmId as OsmId,
      name: idea.place.name,
      kind: "place",
      lat: idea.place.lat,
      lng: idea.place.lng,
      address: null,
      openingHours: idea.place.openingHours,
      website: null,
      notable: true,
    });
  }
  return { candidates: kept, favour: (p) => scores.get(p.osmId) ?? 0 };
}

/**
 * The ideas as the model planner's prompt carries them: the up-voted ones still on the list, most
 * votes first, and the names of the dismissed ones. Undefined when there is nothing to say.
 */
export function promptIdeasOf(ideas: PlanningIdeas | undefined): PromptIdeas | undefined {
  if (!ideas) return undefined;
  const preferred = ideas.preferred
    .filter((i) => i.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((i) => ({
      title: i.title,
      place: i.place?.name ?? null,
      osmId: i.place?.osmId ?? null,
      score: i.score,
    }));
  const dismissed = [
    ...new Set(ideas.dismissed.flatMap((d) => [d.title, ...(d.placeName ? [d.placeName] : [])])),
  ];
  return preferred.length + dismissed.length > 0 ? { preferred, dismissed } : undefined;
}

/** Whether a planned activity names this place (its location or its text, accents and case aside). */
export const namesPlace = (names: readonly string[], activity: Day["activities"][number]) => {
  const keys = new Set(names.map(nameKey));
  return keys.has(nameKey(activity.location)) || keys.has(nameKey(activity.activity));
};

/**
 * The ideas a planned day visits, most voted first: by their place's OpenStreetMap id (the keyless
 * planner's and a matched model answer's) or, for a model answer not matched to one, by the idea's
 * title or place name given as the activity's location.
 */
export function ideasUsed(day: Day, ideas: PlanningIdeas | undefined): IdeaUsed[] {
  if (!ideas) return [];
  const visited = new Set(day.activities.flatMap((a) => (a.osmId ? [a.osmId] : [])));
  return ideas.preferred
    .filter(
      (i) =>
        (i.place?.osmId && visited.has(i.place.osmId)) ||
        day.activities.some((a) => namesPlace([i.title, ...(i.place ? [i.place.name] : [])], a)),
    )
    .sort((a, b) => b.score - a.score)
    .map((i) => ({ id: i.id, title: i.title }));
}
