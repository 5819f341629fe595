import { distanceKm } from "#shared/geo.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { Place } from "../services/places/places-service.ts";

/*
 * What a keyless activity says about its place, written from the place's own OpenStreetMap tags
 * (kind, cuisine, heritage, age, architect, seating…) and where it lies, so no two activities read
 * alike. Never dates or opening hours (the page computes those for the activity's day, see
 * src/shared/day-facts.ts), never identifiers or trivia, never a guessed price.
 */

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

/*
 * Cuisine values that name a dish or a drink rather than a country or region: "a falafel place",
 * never "serving Falafel food" (issue 44).
 */
const DISHES: Record<string, string> = {
  falafel: "falafel",
  pizza: "pizza",
  burger: "burger",
  kebab: "kebab",
  sushi: "sushi",
  ramen: "ramen",
  noodle: "noodle",
  crepe: "crêpe",
  sandwich: "sandwich",
  bagel: "bagel",
  donut: "doughnut",
  chicken: "chicken",
  fish_and_chips: "fish and chips",
  fish: "fish",
  tapas: "tapas",
  ice_cream: "ice cream",
  coffee_shop: "coffee",
  tea: "tea",
  bubble_tea: "bubble tea",
  waffle: "waffle",
  pancake: "pancake",
  dumpling: "dumpling",
  hot_dog: "hot dog",
  salad: "salad",
  soup: "soup",
  breakfast: "breakfast",
  brunch: "brunch",
  steak_house: "steak",
  crepes: "crêpe",
  wine: "wine",
  beer: "beer",
};
/** Cuisine words that are not proper adjectives: written in lower case. */
const PLAIN = new Set(["regional", "local", "international", "vegan", "vegetarian", "seafood"]);
const EATING_KINDS = new Set([
  "restaurant",
  "fast food",
  "cafe",
  "café",
  "bar",
  "pub",
  "food court",
]);

const cuisinesOf = (tags: Record<string, string>) =>
  (tags.cuisine ?? "")
    .split(";")
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== "")
    .slice(0, 3);

/** "falafel place" for a dish cuisine at a place to eat, else the place's own kind. */
function kindOf(place: Place): string {
  const dish = cuisinesOf(place.tags ?? {})
    .map((c) => DISHES[c])
    .find((d) => d !== undefined);
  return dish && EATING_KINDS.has(place.kind) ? `${dish} place` : place.kind;
}

/** The cuisine tag in words: "french;regional" → "French and regional food"; dishes left out. */
function cuisineOf(tags: Record<string, string>): string | null {
  const parts = cuisinesOf(tags)
    .filter((c) => DISHES[c] === undefined)
    .map((c) => c.replaceAll("_", " "))
    .map((c) => (PLAIN.has(c) ? c : c.charAt(0).toUpperCase() + c.slice(1)));
  if (parts.length === 0) return null;
  const words = listed(parts);
  return parts.length === 1 && parts[0] === "seafood" ? words : `${words} food`;
}

/** The facts worth a clause, from the tags OpenStreetMap has for this place. */
function factsOf(place: Place): string[] {
  const t = place.tags ?? {};
  const facts: string[] = [];
  const cuisine = cuisineOf(t);
  if (cuisine) facts.push(`serving ${cuisine}`);
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

/** The opening sentence: what and where the place is, worded by its id so days do not echo. */
function leadSentence(place: Place, town: string): string {
  const kind = kindOf(place);
  const facts = factsOf(place);
  // "on Rue de Buci" only from a street: an address that is a postcode and a town reads "in Paris".
  const street = place.tags?.["addr:street"]?.trim();
  const on = street && street !== town ? ` on ${street}` : ` in ${town}`;
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

/** Where it lies from the town's centre: a fact of the place, not of the day's order. */
function whereItLies(place: Place, destination: TripPlace): string {
  return `${place.name} lies ${metres(distanceKm(destination, place))} from the centre of ${destination.name}.`;
}

/**
 * The place's description: its facts, where it lies and what OpenStreetMap says of its price.
 * Nothing about the activities around it (the way from the one before is drawn from coordinates
 * where the plan is shown, travel-note.ts) and no estimate (that is the activity's cost).
 */
export function describePlace(place: Place, destination: TripPlace, priceNote: string): string {
  const extra = place.tags?.description?.trim();
  return [
    leadSentence(place, destination.name),
    extra && extra.length <= 200 ? (/[.!?]$/.test(extra) ? extra : `${extra}.`) : null,
    whereItLies(place, destination),
    priceNote,
  ]
    .filter((s): s is string => s !== null && s !== "")
    .join(" ");
}
