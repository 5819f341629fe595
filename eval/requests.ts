import type { Interest, TravelStyle } from "#shared/constants.ts";
import { tripRequestSchema, type TripRequest } from "#shared/schemas/trip-request.ts";

export type Continent =
  "Europe" | "Asia" | "Africa" | "North America" | "South America" | "Oceania";

/** One fixed request of the evaluation: what makes it interesting, and the trip it asks for. */
export type EvalRequest = {
  /** Stable across runs, so two runs' rows can be matched ("03-new-york"). */
  id: string;
  continent: Continent;
  /** Why this request is in the set (an odd interest mix, a tiny budget…). */
  note: string;
  request: TripRequest;
};

type Spec = {
  destination: string;
  /** A trip with several stops: the cities in order with their nights (adding up to days - 1). */
  stops?: { destination: string; nights: number }[];
  continent: Continent;
  /** Days from today to the first day: dates stay in the future whenever the eval runs. */
  startsIn: number;
  days: number;
  travelStyle: TravelStyle;
  budget: number;
  interests: Interest[];
  note: string;
  /** The whole trip (issue 47): who goes, from where, their lodging, food and modes avoided. */
  party?: {
    origin: string;
    travellers: number;
    lodging: { kind: string; needs: string[] };
    cuisines: string[];
    avoid: string[];
  };
};

/**
 * The fixed set: six continents, 1 to 14 days, every travel style, interest mixes from none to all
 * seven, a tiny and a huge budget. The loopback fakes of `--fake` know every one of them
 * (tests/fakes/eval-cities.ts), so a destination left unresolved there is a fault of the code.
 * Change it only deliberately: results are comparable between runs of the same set.
 */
const SPECS: Spec[] = [
  {
    destination: "Paris, France",
    continent: "Europe",
    startsIn: 30,
    days: 3,
    travelStyle: "comfort",
    budget: 1500,
    interests: ["Culture & Arts", "Food & Dining"],
    note: "the classic city break",
  },
  {
    destination: "Tokyo, Japan",
    continent: "Asia",
    startsIn: 45,
    days: 5,
    travelStyle: "luxury",
    budget: 12_000,
    interests: ["Shopping", "Food & Dining", "Culture & Arts"],
    note: "a large city with many districts (travel times)",
  },
  {
    destination: "New York, USA",
    continent: "North America",
    startsIn: 20,
    days: 1,
    travelStyle: "budget",
    budget: 80,
    interests: [],
    note: "one day, no interests named",
  },
  {
    destination: "Marrakesh, Morocco",
    continent: "Africa",
    startsIn: 60,
    days: 4,
    travelStyle: "budget",
    budget: 400,
    interests: ["History", "Shopping"],
    note: "medina lanes that geocoders find hard",
  },
  {
    destination: "Cusco, Peru",
    continent: "South America",
    startsIn: 90,
    days: 6,
    travelStyle: "comfort",
    budget: 2200,
    interests: ["Adventure", "History", "Nature & Outdoors"],
    note: "day trips far outside the city (Sacred Valley)",
  },
  {
    destination: "Queenstown, New Zealand",
    continent: "Oceania",
    startsIn: 120,
    days: 7,
    travelStyle: "luxury",
    budget: 1_000_000,
    interests: ["Adventure", "Relaxation"],
    note: "a huge budget: does the plan stay sensible?",
  },
  {
    destination: "Reykjavik, Iceland",
    continent: "Europe",
    startsIn: 40,
    days: 2,
    travelStyle: "budget",
    budget: 15,
    interests: ["Relaxation"],
    note: "a tiny budget in an expensive city",
  },
  {
    destination: "Cape Town, South Africa",
    continent: "Africa",
    startsIn: 75,
    days: 10,
    travelStyle: "comfort",
    budget: 5000,
    interests: [
      "Culture & Arts",
      "Food & Dining",
      "Nature & Outdoors",
      "Shopping",
      "History",
      "Adventure",
      "Relaxation",
    ],
    note: "every interest at once",
  },
  {
    destination: "Buenos Aires, Argentina",
    continent: "South America",
    startsIn: 100,
    days: 14,
    travelStyle: "budget",
    budget: 2000,
    interests: ["Food & Dining", "Culture & Arts"],
    note: "the longest trip: repeats across two weeks",
  },
  {
    destination: "Hanoi, Vietnam",
    continent: "Asia",
    startsIn: 50,
    days: 8,
    travelStyle: "budget",
    budget: 900,
    interests: ["Food & Dining", "Adventure"],
    note: "street food and a trip to the bay",
  },
  {
    destination: "Mexico City, Mexico",
    continent: "North America",
    startsIn: 35,
    days: 3,
    travelStyle: "luxury",
    budget: 6000,
    interests: ["History", "Shopping"],
    note: "an odd pair for luxury",
  },
  {
    destination: "Sydney, Australia",
    continent: "Oceania",
    startsIn: 65,
    days: 5,
    travelStyle: "comfort",
    budget: 3000,
    interests: ["Nature & Outdoors", "Relaxation"],
    note: "beaches and harbour ferries",
  },
  {
    destination: "Ulaanbaatar, Mongolia",
    continent: "Asia",
    startsIn: 150,
    days: 12,
    travelStyle: "comfort",
    budget: 1800,
    interests: ["Nature & Outdoors", "Adventure"],
    note: "a rarely planned destination with steppe trips",
  },
  {
    destination: "Paris → Lyon",
    stops: [
      { destination: "Paris", nights: 2 },
      { destination: "Lyon", nights: 2 },
    ],
    continent: "Europe",
    startsIn: 35,
    days: 5,
    travelStyle: "comfort",
    budget: 2500,
    interests: ["Culture & Arts", "History"],
    note: "two stops by train: a transfer day of about 5 h on the ground",
  },
  {
    destination: "Paris → Lyon → Marseille",
    stops: [
      { destination: "Paris", nights: 3 },
      { destination: "Lyon", nights: 3 },
      { destination: "Marseille", nights: 2 },
    ],
    continent: "Europe",
    startsIn: 70,
    days: 9,
    travelStyle: "budget",
    budget: 1400,
    interests: ["Food & Dining", "History"],
    note: "three stops, two transfer days, a small budget",
  },
  {
    destination: "Lisbon → Paris",
    stops: [
      { destination: "Lisbon", nights: 3 },
      { destination: "Paris", nights: 3 },
    ],
    continent: "Europe",
    startsIn: 55,
    days: 7,
    travelStyle: "luxury",
    budget: 7000,
    interests: ["Food & Dining", "Culture & Arts"],
    note: "two stops a flight apart (1,450 km), one hour's time difference",
  },
  {
    destination: "Paris → Lyon",
    stops: [
      { destination: "Paris", nights: 2 },
      { destination: "Lyon", nights: 2 },
    ],
    continent: "Europe",
    startsIn: 40,
    days: 5,
    travelStyle: "comfort",
    budget: 14_000,
    interests: ["Culture & Arts", "History"],
    note: "the whole trip: four from Boston with a dog, French and Italian food",
    party: {
      origin: "Boston",
      travellers: 4,
      lodging: { kind: "not-shared", needs: ["pets"] },
      cuisines: ["French", "Italian"],
      avoid: [],
    },
  },
  {
    destination: "Lyon",
    continent: "Europe",
    startsIn: 50,
    days: 3,
    travelStyle: "budget",
    budget: 1500,
    interests: ["Food & Dining"],
    note: "the whole trip: two from Marseille, no flights, no driving, a Thai meal",
    party: {
      origin: "Marseille",
      travellers: 2,
      lodging: { kind: "any", needs: [] },
      cuisines: ["Thai", "French"],
      avoid: ["flights", "driving"],
    },
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const slug = (destination: string) =>
  (destination.split(",")[0] ?? destination)
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The set with dates counted from `today` (UTC), each request parsed by the API's own schema. */
export function evalRequests(today: Date = new Date()): EvalRequest[] {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return SPECS.map((spec, index) => {
    const start = midnight + spec.startsIn * DAY_MS;
    const request = tripRequestSchema.parse({
      destination: spec.destination,
      ...(spec.stops ? { stops: spec.stops } : {}),
      startDate: isoDay(start),
      endDate: isoDay(start + (spec.days - 1) * DAY_MS),
      budget: spec.budget,
      travelStyle: spec.travelStyle,
      interests: spec.interests,
      ...(spec.party ?? {}),
    });
    return {
      id: `${String(index + 1).padStart(2, "0")}-${slug(spec.destination)}`,
      continent: spec.continent,
      note: spec.note,
      request,
    };
  });
}
