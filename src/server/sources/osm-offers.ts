import type { TravelStyle } from "#shared/constants.ts";
import { CUISINES, type Cuisine, type LodgingNeed, type StayKind } from "#shared/trip-party.ts";
import type { Place } from "../services/places/places-service.ts";
import type { MealOffer, StayOffer } from "./trip-sources.ts";

/*
 * OpenStreetMap elements as the whole trip's offers, with prices estimated (nothing in OSM states
 * one): a US price for the kind and stars, scaled by the travel style and the country's price level.
 */

type Lodging = { kind: StayKind; capacity: number; minimumNights: number; usd: number };

/** What each OSM lodging is, how many one unit sleeps, and a US night's price for one unit. */
const LODGING: Record<string, Lodging> = {
  hotel: { kind: "hotel", capacity: 2, minimumNights: 1, usd: 150 },
  motel: { kind: "hotel", capacity: 2, minimumNights: 1, usd: 90 },
  guest_house: { kind: "private-room", capacity: 2, minimumNights: 1, usd: 100 },
  apartment: { kind: "entire-home", capacity: 4, minimumNights: 2, usd: 170 },
  // A bed in a dormitory.
  hostel: { kind: "shared-room", capacity: 1, minimumNights: 1, usd: 40 },
};

/** A hotel's night by its stars (US prices): stars say more than the style does. */
const BY_STARS = [70, 70, 100, 150, 230, 400];

/** Unknown stars: a budget traveller's pick is cheaper, a luxury one's dearer. */
const STYLE_FACTOR: Record<TravelStyle, number> = { budget: 0.75, comfort: 1, luxury: 1.8 };

const int = (value: string | undefined) => {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : null;
};

const ALLOW = new Set(["yes", "designated", "leashed", "permissive", "dedicated", "separated"]);
const REFUSE = new Set(["no"]);

/** What the place's tags say about each need: allowed, refused or (absent) unknown. */
function needsOf(tags: Record<string, string>) {
  const accepts: LodgingNeed[] = [];
  const refuses: LodgingNeed[] = [];
  const read = (need: LodgingNeed, ...keys: string[]) => {
    const value = keys.map((k) => tags[k]?.trim().toLowerCase()).find(Boolean);
    if (!value) return;
    if (ALLOW.has(value)) accepts.push(need);
    // `smoking=outside`: not in the rooms, which is what a smoker asks for.
    else if (REFUSE.has(value) || (need === "smoking" && value === "outside")) refuses.push(need);
  };
  read("pets", "pets", "dog");
  read("smoking", "smoking");
  read("children-under-10", "children");
  read("visitors", "visitors");
  read("parties", "parties");
  return { accepts, refuses };
}

const addressOf = (p: Place) => p.address;

export function stayOffer(place: Place, style: TravelStyle, level: number): StayOffer | null {
  const tags = place.tags ?? {};
  const lodging = LODGING[tags.tourism ?? ""];
  if (!lodging) return null;
  const stars = int(tags.stars);
  const starred = lodging.kind === "hotel" && stars !== null ? BY_STARS[Math.min(stars, 5)] : null;
  const usd = starred ?? lodging.usd * STYLE_FACTOR[style];
  return {
    id: `osm:${place.osmId}`,
    name: place.name,
    kind: lodging.kind,
    address: addressOf(place),
    lat: place.lat,
    lng: place.lng,
    osmId: place.osmId,
    pricePerNight: Math.round(usd * level),
    capacity: int(tags.beds) && lodging.kind === "entire-home" ? int(tags.beds)! : lodging.capacity,
    minimumNights: int(tags.minimum_nights) ?? lodging.minimumNights,
    units: int(tags.rooms),
    ...needsOf(tags),
    estimated: true,
    stars,
  };
}

/** OSM `cuisine` values (semicolon lists) to the request's cuisines. */
const CUISINE_OF: Record<string, Cuisine> = {
  american: "American",
  burger: "American",
  steak_house: "American",
  chinese: "Chinese",
  french: "French",
  crepe: "French",
  indian: "Indian",
  italian: "Italian",
  pizza: "Italian",
  japanese: "Japanese",
  sushi: "Japanese",
  ramen: "Japanese",
  korean: "Korean",
  mediterranean: "Mediterranean",
  greek: "Mediterranean",
  mexican: "Mexican",
  tacos: "Mexican",
  lebanese: "Middle Eastern",
  turkish: "Middle Eastern",
  middle_eastern: "Middle Eastern",
  kebab: "Middle Eastern",
  persian: "Middle Eastern",
  syrian: "Middle Eastern",
  spanish: "Spanish",
  tapas: "Spanish",
  thai: "Thai",
  vegetarian: "Vegetarian",
  vegan: "Vegetarian",
  vietnamese: "Vietnamese",
};

/** "regional" food is the country's own. */
const NATIONAL: Record<string, Cuisine> = {
  US: "American",
  CN: "Chinese",
  FR: "French",
  IN: "Indian",
  IT: "Italian",
  JP: "Japanese",
  KR: "Korean",
  MX: "Mexican",
  ES: "Spanish",
  TH: "Thai",
  VN: "Vietnamese",
  GR: "Mediterranean",
  LB: "Middle Eastern",
};

export function cuisinesOf(tags: Record<string, string>, countryCode: string | null): Cuisine[] {
  const found = new Set<Cuisine>();
  for (const raw of (tags.cuisine ?? "").split(";")) {
    const value = raw.trim().toLowerCase();
    const cuisine =
      CUISINE_OF[value] ??
      (value === "regional" && countryCode ? NATIONAL[countryCode] : undefined);
    if (cuisine) found.add(cuisine);
  }
  if (["yes", "only"].includes(tags["diet:vegetarian"] ?? "")) found.add("Vegetarian");
  if (["yes", "only"].includes(tags["diet:vegan"] ?? "")) found.add("Vegetarian");
  return CUISINES.filter((c) => found.has(c));
}

/** A meal's price a person in the US: a café's breakfast, a restaurant's lunch or dinner. */
const MEAL_USD = { breakfast: 14, dining: 32 } as const;
const MEAL_STYLE: Record<TravelStyle, number> = { budget: 0.7, comfort: 1, luxury: 1.8 };

export function mealOffer(
  place: Place,
  set: "breakfast" | "dining",
  style: TravelStyle,
  level: number,
  countryCode: string | null,
): MealOffer {
  const tags = place.tags ?? {};
  return {
    id: `osm:${place.osmId}`,
    name: place.name,
    address: addressOf(place),
    lat: place.lat,
    lng: place.lng,
    osmId: place.osmId,
    openingHours: place.openingHours,
    website: place.website,
    cuisines: cuisinesOf(tags, countryCode),
    meals: set === "breakfast" ? ["breakfast"] : ["lunch", "dinner"],
    costPerPerson: Math.round(MEAL_USD[set] * MEAL_STYLE[style] * level),
    estimated: true,
  };
}
