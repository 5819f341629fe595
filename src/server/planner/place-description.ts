import { distanceKm } from "#shared/geo.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { Place } from "../services/places/places-service.ts";

/*
 * What a keyless activity says about its place, written from the place's own OpenStreetMap tags
 * (kind, cuisine, heritage, Wikipedia article, age, architect, seating…) and where it lies, so no two
 * activities read alike. Never dates or opening hours: the page computes those for the activity's
 * day (see src/shared/day-facts.ts).
 */

const LANGUAGES: Record<string, string> = {
  en: "English",
  fr: "French",
  de: "German",
  es: "Spanish",
  it: "Italian",
  pt: "Portuguese",
  nl: "Dutch",
  ja: "Japanese",
};

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");
const listed = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;

/** A small stable number from the element's id: the same place always reads the same way. */
function variant(osmId: string, choices: number): number {
  let h = 0;
  for (const c of osmId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % choices;
}

/** The cuisine tag in words: "french;wine_bar" → "French and wine bar". */
function cuisineOf(tags: Record<string, string>): string | null {
  const raw = tags.cuisine?.trim();
  if (!raw) return null;
  const parts = raw
    .split(";")
    .map((p) => p.trim().replaceAll("_", " "))
    .filter((p) => p !== "")
    .slice(0, 3)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  return parts.length > 0 ? listed(parts) : null;
}

/** The facts worth a clause, from the tags OpenStreetMap has for this place. */
function factsOf(place: Place): string[] {
  const t = place.tags ?? {};
  const facts: string[] = [];
  const cuisine = cuisineOf(t);
  if (cuisine) facts.push(`serving ${cuisine} food`);
  const built = /^\d{3,4}$/.exec(t.start_date?.trim() ?? "")?.[0];
  if (built) facts.push(`dating from ${built}`);
  if (t.architect?.trim()) facts.push(`designed by ${t.architect.trim()}`);
  if (t.artist_name?.trim()) facts.push(`by ${t.artist_name.trim()}`);
  if (t.heritage || t["heritage:operator"]) facts.push("listed as a heritage site");
  if (t.outdoor_seating === "yes") facts.push("with tables outside");
  if (t["diet:vegetarian"] === "yes" || t["diet:vegetarian"] === "only")
    facts.push(t["diet:vegetarian"] === "only" ? "all vegetarian" : "with vegetarian dishes");
  if (t.wheelchair === "yes") facts.push("step-free for wheelchairs");
  return facts;
}

/** "its own Wikipedia article (in French)", from `wikipedia=fr:Title`. */
function wikipediaOf(place: Place): string | null {
  const t = place.tags ?? {};
  const language = /^([a-z]{2,3}):/.exec(t.wikipedia ?? "")?.[1];
  if (language) {
    const name = LANGUAGES[language];
    return name
      ? `${place.name} has its own article on the ${name} Wikipedia.`
      : `${place.name} has its own Wikipedia article.`;
  }
  if (t.wikidata) return `${place.name} is well documented (Wikidata ${t.wikidata}).`;
  return null;
}

/** The opening sentence: what and where the place is, worded by its id so days do not echo. */
function leadSentence(place: Place, town: string): string {
  const kind = place.kind;
  const facts = factsOf(place);
  const on = place.address ? ` on ${place.address.split(",")[0]}` : ` in ${town}`;
  const withFacts = facts.length > 0 ? `, ${listed(facts.slice(0, 2))}` : "";
  switch (variant(place.osmId, 3)) {
    case 0:
      return `${place.name} is ${article(kind)} ${kind}${on}${withFacts}.`;
    case 1:
      return `${article(kind).replace(/^./, (c) => c.toUpperCase())} ${kind}${on}${withFacts}: ${place.name}.`;
    default:
      return `${place.name}${on} — ${article(kind)} ${kind}${withFacts}.`;
  }
}

const metres = (km: number) =>
  km < 1 ? `${Math.max(50, Math.round((km * 1000) / 50) * 50)} m` : `${km.toFixed(1)} km`;

/** Where it lies from the stop before (a walk, a ride), or from the town's centre for the first. */
function wayThere(place: Place, previous: Place | null, destination: TripPlace): string {
  if (!previous) {
    const km = distanceKm(destination, place);
    return `It lies ${metres(km)} from the centre of ${destination.name}.`;
  }
  const km = distanceKm(previous, place);
  const minutes = Math.max(1, Math.round((km / 4.5) * 60));
  return km <= 2
    ? `About ${minutes} minutes on foot from ${previous.name}.`
    : `${metres(km)} from ${previous.name}: take transit or a taxi.`;
}

/** The place's description: its facts, how to get there, the cost note. */
export function describePlace(
  place: Place,
  previous: Place | null,
  destination: TripPlace,
  costNote: string,
): string {
  const extra = place.tags?.description?.trim();
  return [
    leadSentence(place, destination.name),
    extra && extra.length <= 200 ? (/[.!?]$/.test(extra) ? extra : `${extra}.`) : null,
    wikipediaOf(place),
    wayThere(place, previous, destination),
    costNote,
  ]
    .filter((s): s is string => s !== null && s !== "")
    .join(" ");
}
