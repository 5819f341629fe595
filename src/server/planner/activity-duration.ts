import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES } from "#shared/constants.ts";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";

// How long an activity probably lasts, when nobody said: the one estimator of the server, used by the
// planners, by edits and chat proposals that leave the length out, and for trips stored before
// activities had one. A guess by kind, never a promise: the traveller changes it in the editor.

/** What an estimate is made from: the OpenStreetMap kind and tags when known, else the words. */
export type DurationClues = {
  activity: string;
  description?: string;
  location?: string;
  /** The matched place's kind ("museum", "restaurant"), from its OSM tags. */
  kind?: string | null;
  tags?: Readonly<Record<string, string>>;
};

/** When nothing gives a clue. */
export const DEFAULT_DURATION_MINUTES = 60;

// OSM values (as a kind: "_" read as a space) → minutes. Checked before any words.
const BY_KIND: Readonly<Record<string, number>> = {
  museum: 120,
  gallery: 90,
  zoo: 180,
  aquarium: 120,
  "theme park": 240,
  "water park": 180,
  viewpoint: 30,
  artwork: 15,
  attraction: 60,
  castle: 90,
  palace: 90,
  monument: 20,
  memorial: 20,
  ruins: 60,
  "archaeological site": 90,
  "place of worship": 45,
  restaurant: 75,
  cafe: 45,
  "fast food": 30,
  "ice cream": 20,
  bar: 90,
  pub: 90,
  biergarten: 90,
  nightclub: 180,
  theatre: 150,
  cinema: 150,
  "arts centre": 90,
  marketplace: 60,
  park: 60,
  garden: 60,
  "nature reserve": 120,
  beach: 180,
  "beach resort": 180,
  spa: 120,
  "swimming pool": 90,
  stadium: 150,
  mall: 120,
};

// Words of the activity's own text, first match wins: the specific before the general ("wine bar"
// before "bar", "museum café" is still a café stop, "walking tour" before "walk").
const BY_WORDS: readonly [RegExp, number][] = [
  [/\bday trip\b|\bexcursion\b/, 360],
  [/\btheme park\b|\bamusement park\b/, 240],
  [/\bhike\b|\bhiking\b|\btrek/, 180],
  [/\bconcert\b|\bopera\b|\bballet\b|\btheat(?:re|er)\b|\bshow\b|\bmusical\b/, 150],
  [/\bzoo\b|\bsafari\b/, 180],
  [/\bbreakfast\b|\bbrunch\b/, 45],
  [/\bcoffee\b|\bcaf[eé]\b|\btea\b|\bpastr|\bgelato\b|\bice cream\b/, 45],
  [/\bdinner\b|\bsupper\b|\btasting menu\b/, 90],
  [/\blunch\b|\bmeal\b|\brestaurant\b|\bbistro\b|\bbrasserie\b|\beat\b/, 75],
  [/\btour\b|\bclass\b|\bworkshop\b|\bcooking\b/, 120],
  [/\bmuseum\b|\bmus[eé]e\b|\bexhibition\b/, 120],
  [/\bgallery\b|\bcastle\b|\bpalace\b|\bfortress\b/, 90],
  [/\bspa\b|\bhammam\b|\bbaths?\b/, 120],
  [/\bbeach\b/, 180],
  [/\bcruise\b|\bboat\b|\bkayak/, 90],
  [/\bbar\b|\bpub\b|\bwine\b|\bcocktails?\b|\bnightlife\b/, 90],
  [/\bshopping\b|\bboutiques?\b/, 90],
  [/\bmarket\b/, 60],
  [/\bpark\b|\bgardens?\b/, 60],
  [/\bwalk\b|\bstroll\b|\bwander\b|\bexplore\b|\bneighbou?rhood\b/, 45],
  [/\bcathedral\b|\bchurch\b|\btemple\b|\bmosque\b|\bbasilica\b|\bshrine\b/, 45],
  [/\bviewpoint\b|\blookout\b|\bview\b|\bsunset\b|\bsunrise\b|\bphoto\b/, 30],
  [/\bmonument\b|\bstatue\b|\bfountain\b|\bsquare\b|\bbridge\b/, 30],
];

const clamp = (minutes: number) =>
  Math.min(MAX_DURATION_MINUTES, Math.max(MIN_DURATION_MINUTES, Math.round(minutes)));

function kindsOf(clues: DurationClues): string[] {
  const values = [clues.kind, ...Object.values(clues.tags ?? {})];
  return values
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.toLowerCase().replaceAll("_", " "));
}

/** Minutes an activity is likely to take (MIN_DURATION_MINUTES..MAX_DURATION_MINUTES). */
export function estimateDurationMinutes(clues: DurationClues): number {
  for (const kind of kindsOf(clues)) {
    const minutes = BY_KIND[kind];
    if (minutes !== undefined) return clamp(minutes);
  }
  // The activity's own name says the most; the description and place only when it says nothing.
  for (const text of [clues.activity, `${clues.description ?? ""} ${clues.location ?? ""}`]) {
    const words = text.toLowerCase();
    const hit = BY_WORDS.find(([pattern]) => pattern.test(words));
    if (hit) return clamp(hit[1]);
  }
  return DEFAULT_DURATION_MINUTES;
}

type MaybeTimed<A> = Omit<A, "durationMinutes"> & { durationMinutes?: number | null };

/** The activity with its own length, or an estimate when it has none (stored before it existed). */
export function withDuration<A extends Pick<Activity, "activity" | "description" | "location">>(
  activity: MaybeTimed<A>,
): A & { durationMinutes: number } {
  const own = activity.durationMinutes;
  const durationMinutes =
    typeof own === "number" &&
    Number.isInteger(own) &&
    own >= MIN_DURATION_MINUTES &&
    own <= MAX_DURATION_MINUTES
      ? own
      : estimateDurationMinutes(activity);
  return { ...activity, durationMinutes } as A & { durationMinutes: number };
}

/**
 * A stored itinerary as the API answers it: trips saved before activities had a length read with
 * an estimate for each (written back at their next save). The same object when nothing was missing.
 */
export function withDurations<I extends Itinerary>(itinerary: I): I {
  const missing = itinerary.days.some((day) =>
    day.activities.some(
      (a) => typeof (a as { durationMinutes?: unknown }).durationMinutes !== "number",
    ),
  );
  if (!missing) return itinerary;
  return {
    ...itinerary,
    days: itinerary.days.map((day) => ({
      ...day,
      activities: day.activities.map((a) => withDuration<Activity>(a)),
    })),
  };
}
