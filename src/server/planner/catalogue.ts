import type { Interest } from "#shared/constants.ts";

export type Slot = "morning" | "afternoon" | "evening";
/** A template activity; `cost` is a typical per-person USD figure at the comfort level. */
type TemplateActivity = {
  activity: string;
  where: string;
  description: string;
  cost: number;
};

type Catalogue = Record<Slot, TemplateActivity[]>;

/**
 * Honest, generic suggestions: the catalogue knows no venues, so it names kinds of places and
 * says so, instead of inventing names that may not exist.
 */
export const CATALOGUE: Record<Interest | "General", Catalogue> = {
  "Culture & Arts": {
    morning: [
      {
        activity: "Art museum visit",
        where: "a major art museum",
        description: "Start with the permanent collection while it is quiet.",
        cost: 20,
      },
      {
        activity: "Gallery walk",
        where: "the gallery district",
        description: "Browse small independent galleries; most are free to enter.",
        cost: 0,
      },
    ],
    afternoon: [
      {
        activity: "Architecture walk",
        where: "the historic centre",
        description: "Follow a self-guided route past the city's landmark buildings.",
        cost: 0,
      },
      {
        activity: "Craft workshop",
        where: "a local craft studio",
        description: "Book a short hands-on class in a local craft.",
        cost: 45,
      },
    ],
    evening: [
      {
        activity: "Live performance",
        where: "a theatre or concert hall",
        description: "Check the listings for music, dance or theatre tonight.",
        cost: 50,
      },
      {
        activity: "Cultural centre evening",
        where: "a cultural centre",
        description: "Look for talks, screenings or small concerts.",
        cost: 15,
      },
    ],
  },
  "Food & Dining": {
    morning: [
      {
        activity: "Market breakfast",
        where: "the main food market",
        description: "Try local breakfast dishes from the stalls.",
        cost: 15,
      },
      {
        activity: "Coffee and bakery crawl",
        where: "a neighbourhood known for cafés",
        description: "Sample pastries and coffee at two or three bakeries.",
        cost: 15,
      },
    ],
    afternoon: [
      {
        activity: "Cooking class",
        where: "a cooking school",
        description: "Learn two or three regional dishes, then eat them.",
        cost: 70,
      },
      {
        activity: "Street food tasting",
        where: "a street food area",
        description: "Graze on small plates and regional snacks.",
        cost: 25,
      },
    ],
    evening: [
      {
        activity: "Regional dinner",
        where: "a restaurant serving regional cuisine",
        description: "Ask for the house specialities and local drinks.",
        cost: 45,
      },
      {
        activity: "Food tour",
        where: "the old town's eateries",
        description: "A guided evening of tastings across several stops.",
        cost: 65,
      },
    ],
  },
  "Nature & Outdoors": {
    morning: [
      {
        activity: "Park or botanical garden",
        where: "the largest park or botanical garden",
        description: "An easy walk among the gardens before the day warms up.",
        cost: 5,
      },
      {
        activity: "Viewpoint hike",
        where: "a nearby hill or viewpoint",
        description: "A short hike for a view over the area; bring water.",
        cost: 0,
      },
    ],
    afternoon: [
      {
        activity: "Waterfront walk",
        where: "the waterfront or riverside",
        description: "Walk or cycle along the water.",
        cost: 10,
      },
      {
        activity: "Nature reserve",
        where: "a nature reserve near the city",
        description: "Half a day on marked trails.",
        cost: 15,
      },
    ],
    evening: [
      {
        activity: "Sunset viewpoint",
        where: "a west-facing viewpoint",
        description: "Watch the sunset, then dinner nearby.",
        cost: 30,
      },
    ],
  },
  Shopping: {
    morning: [
      {
        activity: "Local market browse",
        where: "a flea or artisan market",
        description: "Look for crafts and local products.",
        cost: 30,
      },
    ],
    afternoon: [
      {
        activity: "Shopping street",
        where: "the main shopping street",
        description: "Boutiques and local brands; set yourself a limit.",
        cost: 60,
      },
      {
        activity: "Design and craft shops",
        where: "the design district",
        description: "Independent shops with locally made goods.",
        cost: 40,
      },
    ],
    evening: [
      {
        activity: "Night market",
        where: "an evening market",
        description: "Browse stalls and have a light dinner.",
        cost: 30,
      },
    ],
  },
  History: {
    morning: [
      {
        activity: "History museum",
        where: "the city or national history museum",
        description: "Get the background for the rest of the trip.",
        cost: 15,
      },
      {
        activity: "Historic site visit",
        where: "the best-known historic site",
        description: "Arrive early to avoid the queues.",
        cost: 20,
      },
    ],
    afternoon: [
      {
        activity: "Old town walking tour",
        where: "the old town",
        description: "A guided or self-guided walk through the oldest streets.",
        cost: 20,
      },
    ],
    evening: [
      {
        activity: "Historic quarter stroll",
        where: "the historic quarter",
        description: "See the landmarks lit up, then dinner nearby.",
        cost: 35,
      },
    ],
  },
  Adventure: {
    morning: [
      {
        activity: "Guided outdoor activity",
        where: "an outdoor activity centre",
        description: "Kayaking, climbing or cycling, depending on what the area offers.",
        cost: 70,
      },
    ],
    afternoon: [
      {
        activity: "Bike tour",
        where: "a bike rental in the centre",
        description: "Cover more ground on two wheels; helmets usually included.",
        cost: 35,
      },
      {
        activity: "Day trip",
        where: "a nearby natural landmark",
        description: "Head out of town for something more rugged.",
        cost: 60,
      },
    ],
    evening: [
      {
        activity: "Night walk",
        where: "a lively neighbourhood",
        description: "Explore after dark with a local guide or on your own.",
        cost: 20,
      },
    ],
  },
  Relaxation: {
    morning: [
      {
        activity: "Slow breakfast",
        where: "a café near your stay",
        description: "No alarm, no plan: a long breakfast.",
        cost: 15,
      },
    ],
    afternoon: [
      {
        activity: "Spa or thermal bath",
        where: "a spa or public baths",
        description: "An unhurried afternoon of massage or baths.",
        cost: 60,
      },
      {
        activity: "Beach or lakeside time",
        where: "the nearest beach, lake or garden",
        description: "Bring a book and stay as long as you like.",
        cost: 5,
      },
    ],
    evening: [
      {
        activity: "Quiet dinner",
        where: "a calm restaurant with a view",
        description: "A relaxed dinner to end the day.",
        cost: 40,
      },
    ],
  },
  General: {
    morning: [
      {
        activity: "Orientation walk",
        where: "the city centre",
        description: "Get your bearings around the main square and streets.",
        cost: 0,
      },
      {
        activity: "Top sight",
        where: "the best-known landmark",
        description: "Visit the sight the destination is famous for.",
        cost: 20,
      },
    ],
    afternoon: [
      {
        activity: "Neighbourhood exploration",
        where: "a neighbourhood away from the centre",
        description: "See everyday life and find lunch locally.",
        cost: 20,
      },
    ],
    evening: [
      {
        activity: "Dinner out",
        where: "a well-reviewed local restaurant",
        description: "Try a local speciality.",
        cost: 35,
      },
    ],
  },
};
