import type { Activity, Day, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { PlaceChoice } from "#shared/schemas/trip-edit.ts";
import type { Logger } from "../lib/logger.ts";
import { createPlaceMatcher } from "../planner/match-places.ts";
import { normalizeName } from "../services/places/overpass-places.ts";
import { PlacesError, type Place, type PlacesService } from "../services/places/places-service.ts";

/** At most this many places offered for one ambiguous location. */
const CHOICES = 5;
/** At most this many edited locations matched per save (an assistant's week of changes). */
const MAX_MATCHES = 40;

const toChoice = (p: Place) => ({
  osmId: p.osmId,
  name: p.name,
  kind: p.kind,
  lat: p.lat,
  lng: p.lng,
  address: p.address,
  openingHours: p.openingHours,
  website: p.website,
});

/**
 * The text a traveller means by a location: "Panthéon", also "Panthéon, Paris" or the planner's own
 * "Le Procope, 13 Rue de l'Ancienne Comédie" (the part before the first comma).
 */
const namesOf = (location: string) => {
  const head = location.split(",")[0]?.trim() ?? "";
  return head !== "" && head !== location.trim() ? [location, head] : [location];
};

/**
 * Locations changed by an edit (typed without picking from the list, written by the assistant,
 * accepted from a proposal) matched to OpenStreetMap with the generation's matcher
 * (match-places.ts), so hours, pins and links come back. A location that names one place (its exact
 * name, or the only place whose name holds it) takes it; one that several places could be (two
 * "Musée …") stays unmatched and is offered as `choices` ("Did you mean …") for the editor to pick
 * from. Places off, the destination unknown or OpenStreetMap unreachable: nothing changes.
 */
export async function matchEditedPlaces(input: {
  places: PlacesService;
  itinerary: Itinerary;
  /** Ids of the activities whose location is new (changed or added without a picked place). */
  changed: ReadonlySet<string>;
  place: TripPlace | null;
  signal: AbortSignal;
  logger?: Logger | undefined;
}): Promise<{ itinerary: Itinerary; choices: PlaceChoice[] }> {
  const { places, place, signal, logger } = input;
  const wanted = input.itinerary.days.flatMap((day) =>
    day.activities.filter((a) => input.changed.has(a.id) && a.osmId === null),
  );
  if (!places.enabled || !place || wanted.length === 0)
    return { itinerary: input.itinerary, choices: [] };
  const matcher = createPlaceMatcher({
    places,
    place,
    // No candidate list: every activity is matched by its location, then its activity text.
    candidates: Promise.resolve({ ok: true, places: [] }),
    signal,
    logger,
  });

  const choices: PlaceChoice[] = [];
  const matched = new Map<string, Activity>();
  const matchOne = async (a: Activity) => {
    for (const name of namesOf(a.location)) {
      const probe: Day = { date: "", activities: [{ ...a, location: name }] };
      const found = (await matcher.matchDay(probe)).activities[0];
      if (!found?.osmId) continue;
      const text = normalizeName(name);
      const alike = await places.search(name, place, { signal, limit: CHOICES }).catch(() => []);
      const exact = alike.filter((p) => normalizeName(p.name) === text);
      const unique = exact.length === 1 || (exact.length === 0 && alike.length <= 1);
      if (unique) {
        matched.set(a.id, { ...found, location: a.location });
        return;
      }
      choices.push({ activityId: a.id, location: a.location, places: alike.map(toChoice) });
      return;
    }
  };
  try {
    await Promise.all(wanted.slice(0, MAX_MATCHES).map(matchOne));
  } catch (error) {
    // OpenStreetMap unreachable: the edit is still saved, its new places unmatched.
    if (!(error instanceof PlacesError) || signal.aborted) throw error;
  }
  if (matched.size === 0) return { itinerary: input.itinerary, choices };
  return {
    itinerary: {
      days: input.itinerary.days.map((day) => ({
        ...day,
        activities: day.activities.map((a) => matched.get(a.id) ?? a),
      })),
    },
    choices,
  };
}
