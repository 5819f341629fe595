import { mayVisitAt } from "#shared/opening-hours.ts";
import type { ChatRequest } from "./openai-fake.ts";

import { NOMINATIM_PLACES } from "./nominatim-fake.ts";

/** How the prompts ask for a number of days ("exactly 7 entries", "Exactly 2 JSON entries"). */
const ENTRIES = /exactly (\d+) (?:JSON )?entries/i;
const DATE = /\d{4}-\d{2}-\d{2}/;

const promptText = (body: ChatRequest) => body.messages.map((m) => m.content ?? "").join("\n");

/** What the prompt carries inside <trip>…</trip> (JSON: the destination alone, or an object). */
export function promptTripData(body: ChatRequest): unknown {
  const data = /<trip>(.*?)<\/trip>/s.exec(promptText(body))?.[1];
  if (!data) return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/** The trip's destination as the prompt carries it ("" when it carries none). */
export function promptDestination(body: ChatRequest): string {
  const data = promptTripData(body);
  if (typeof data === "string") return data;
  const destination = (data as { destination?: unknown } | undefined)?.destination;
  return typeof destination === "string" ? destination : "";
}

/**
 * Markers a test puts in the destination (after a comma, so the geocoder still finds the city:
 * "Paris, far-pins") to make the fake answer badly:
 * - `far-pins`: each day's first activity about 550 km away; `bad-pins`: coordinates out of range;
 * - `rushed`: an activity at 04:30 and a 15 km hop in 10 minutes (realism warnings);
 * - `stubborn`: the repair call answers the same rushed (or closed) days again.
 * When the prompt lists real candidates (<places>), the days visit them (with their osmId), each at a
 * time it is open, and these markers apply too:
 * - `invented`: each day's first activity is a place that does not exist, with a made-up osmId;
 * - `closed-visit`: each day's first activity, at 10:00, is a listed place closed then (the Louvre on
 *   a Tuesday); the repair call moves to open places (unless `stubborn`).
 */
export function fakeMarkers(destination: string) {
  const text = destination.toLowerCase();
  return {
    far: text.includes("far-pins"),
    invalid: text.includes("bad-pins"),
    rushed: text.includes("rushed"),
    stubborn: text.includes("stubborn"),
    invented: text.includes("invented"),
    closed: text.includes("closed-visit"),
  };
}
export type FakeMarkers = ReturnType<typeof fakeMarkers>;

/** A city the fake model "knows": its centre and the places it plans there. */
export type FakeCity = {
  /** Lower case, as the destination's first part ("new york" for "New York, USA"). */
  name: string;
  lat: number;
  lng: number;
  places: string[];
  countryCode?: string;
};

const CITIES: FakeCity[] = [
  {
    name: "paris",
    countryCode: "FR",
    lat: 48.8588897,
    lng: 2.320041,
    places: NOMINATIM_PLACES.filter((p) => p.displayName.includes("Paris")).map((p) => p.name),
  },
  {
    name: "lyon",
    countryCode: "FR",
    lat: 45.7578137,
    lng: 4.8320114,
    places: [
      ...NOMINATIM_PLACES.filter((p) => p.displayName.includes("Lyon")).map((p) => p.name),
      "Vieux Lyon",
    ],
  },
  {
    name: "marseille",
    countryCode: "FR",
    lat: 43.2961743,
    lng: 5.3699525,
    places: ["Notre-Dame de la Garde", "Vieux-Port", "Le Panier"],
  },
  {
    name: "tokyo",
    lat: 35.6828387,
    lng: 139.7594549,
    places: ["Senso-ji", "Meiji Jingu", "Ueno Park"],
  },
  {
    name: "oslo",
    lat: 59.9133301,
    lng: 10.7389701,
    places: ["Vigeland Park", "Opera House", "Akershus Fortress"],
  },
  {
    name: "new york",
    lat: 40.7127281,
    lng: -74.0060152,
    places: ["Central Park", "High Line", "Brooklyn Bridge"],
  },
  {
    name: "kyoto",
    lat: 35.0116363,
    lng: 135.7680294,
    places: ["Gion", "Nishiki Market", "Kiyomizu-dera"],
  },
  {
    name: "lisbon",
    countryCode: "PT",
    lat: 38.7077507,
    lng: -9.1365919,
    places: ["Alfama", "Belém Tower", "LX Factory"],
  },
];
const cityOf = (destination: string, more: readonly FakeCity[] = []) => {
  const name = destination.split(",")[0]?.trim().toLowerCase() ?? "";
  return CITIES.find((c) => c.name === name) ?? more.find((c) => c.name === name);
};

/** The model's guess of where a place is: the real spot a little off (so a geocoder's hit shows). */
function guessOf(place: string, city: (typeof CITIES)[number] | undefined, i: number, d: number) {
  if (!city) return { lat: null, lng: null };
  const known = NOMINATIM_PLACES.find((p) => p.name === place);
  if (known) return { lat: known.lat + 0.002, lng: known.lon - 0.002 };
  return { lat: city.lat + i * 0.004, lng: city.lng + (d % 5) * 0.003 };
}

const round = (n: number | null) => (n === null ? null : Math.round(n * 10_000) / 10_000);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export type FakeDayOptions = {
  destination?: string;
  /** The first date these days are for; labels make every day's places its own (no repeats). */
  firstDate?: string;
  /** The prompt's "max N a day": the day's three activities stay within it. */
  maxPerDay?: number;
  /** Markers to follow (default: those of the destination). */
  markers?: Partial<FakeMarkers>;
  /** The day's position in the trip, when no date is known. */
  firstIndex?: number;
  /** Cities known beyond the fake's own (the evaluation's destinations). */
  cities?: readonly FakeCity[];
};

/**
 * One day as the well-behaved fake model writes it: Activity 1–3 at 09:00, 13:00 and 17:00, $20 each
 * (less when the daily cap is lower), places of the destination labelled with the date, coordinates
 * near the destination when the model knows the city (null otherwise), and a short why.
 */
export function fakeDayActivities(d: number, options: FakeDayOptions = {}) {
  const destination = options.destination ?? "";
  const markers = { ...fakeMarkers(destination), ...options.markers };
  const city = cityOf(destination, options.cities);
  const names = city?.places ?? ["Gion"];
  const label = options.firstDate
    ? addDays(options.firstDate, d)
    : `day ${(options.firstIndex ?? 0) + d + 1}`;
  const cost = Math.min(20, Math.floor((options.maxPerDay ?? Infinity) / 3));
  const times = markers.rushed ? ["04:30", "09:00", "09:10"] : ["09:00", "13:00", "17:00"];
  return [0, 1, 2].map((i) => {
    const place = names[(i + 3 * d) % names.length] ?? "Gion";
    let { lat, lng } = guessOf(place, city, i, d);
    if (markers.rushed && i === 2 && lat !== null && lng !== null) lat += 0.135; // ~15 km in 10 minutes
    if (markers.far && i === 0 && lat !== null) lat += 5;
    if (markers.invalid && i === 0) [lat, lng] = [123.4, 45];
    if (markers.invalid && i === 1) [lat, lng] = [10, 200];
    return {
      time: times[i] ?? "20:00",
      activity: `Activity ${i + 1}`,
      location: `${place} (${label})`,
      description: "A short walk.",
      cost,
      lat: round(lat),
      lng: round(lng),
      why: i === 2 ? "Food" : "Culture",
      osmId: null,
    };
  });
}

/**
 * A well-behaved itinerary model for the OpenAI fake's `respond`: it reads how many entries the
 * prompt asks for and whether it is the outline, the days, a regenerated day or the realism repair,
 * and answers valid JSON of that shape (with the markers of `fakeMarkers` honoured).
 */
export function answerItineraryPrompt(
  body: ChatRequest,
  cities: readonly FakeCity[] = [],
  options: {
    /**
     * Places visited by earlier answers, shared across the calls of one trip (its parallel batches):
     * like a model that follows the outline, no place twice in the trip. Without it each answer
     * only avoids its own repeats.
     */
    used?: Set<string>;
  } = {},
): string {
  const prompt = body.messages.find((m) => m.role === "user")?.content ?? "";
  if (isRegenerateDayPrompt(body)) return regeneratedDayAnswer(body);
  if (isRepairPrompt(body)) return repairAnswer(body, cities);
  const asked = ENTRIES.exec(prompt);
  const count = Number(asked?.[1] ?? 1);
  if (prompt.includes("Outline this")) return itineraryOutlineAnswer(count);
  const candidates = promptCandidates(body);
  if (asked && candidates.length > 0) {
    const destination = promptDestination(body);
    const dates = batchDates(prompt, count);
    const used = options.used ?? new Set<string>();
    return JSON.stringify({
      days: dates.map((date) => ({
        activities: candidateDayActivities(date, candidates, {
          destination,
          maxPerDay: maxPerDay(prompt),
          used,
        }),
      })),
    });
  }
  if (asked)
    return itineraryDaysAnswer(count, {
      destination: promptDestination(body),
      firstDate: DATE.exec(prompt)?.[0],
      maxPerDay: maxPerDay(prompt),
      cities,
    });
  return `Fake model reply to: ${prompt.slice(0, 200)}`;
}

const maxPerDay = (prompt: string) => {
  const max = /max (\d+) a day/.exec(prompt)?.[1];
  return max === undefined ? undefined : Number(max);
};

export const itineraryOutlineAnswer = (count: number) =>
  JSON.stringify({
    days: Array.from({ length: count }, (_, i) => ({
      theme: `Theme ${i + 1}`,
      places: [`Place ${i + 1}`],
    })),
  });

export const itineraryDaysAnswer = (count: number, options: FakeDayOptions = {}) =>
  JSON.stringify({
    days: Array.from({ length: count }, (_, d) => ({ activities: fakeDayActivities(d, options) })),
  });

/** The realism repair call (`trip_repair`, "Fix the problems of these N days"). */
export const isRepairPrompt = (body: ChatRequest) =>
  body.response_format?.json_schema?.name === "trip_repair" ||
  /Fix the problems of these \d+ days/.test(promptText(body));

/** The days the repair call sends, with their problems (the warnings' own words). */
export function repairPromptDays(body: ChatRequest): { date: string; problems: string[] }[] {
  const days = (promptTripData(body) as { days?: unknown } | undefined)?.days;
  if (!Array.isArray(days)) return [];
  return days.map((day: { date?: unknown; problems?: unknown }) => ({
    date: typeof day.date === "string" ? day.date : "",
    problems: Array.isArray(day.problems) ? day.problems.map(String) : [],
  }));
}

/** Corrected days, one per day sent, with other places than before (unless the trip is stubborn). */
export function repairAnswer(body: ChatRequest, cities: readonly FakeCity[] = []): string {
  const destination = promptDestination(body);
  const markers = fakeMarkers(destination);
  const days = repairPromptDays(body);
  const prompt = promptText(body);
  const candidates = promptCandidates(body);
  // The places of the days not sent back are taken too: the repair repeats none of them.
  const others = new Set(
    (/Other days already visit \(use none of these places\): ([^\n]*)/.exec(prompt)?.[1] ?? "")
      .split("; ")
      .map((p) => p.trim()),
  );
  const used = new Set(candidates.filter((c) => others.has(c.name)).map((c) => c.osmId));
  if (candidates.length > 0)
    return JSON.stringify({
      days: days.map((day) => ({
        activities: candidateDayActivities(day.date, candidates, {
          destination,
          markers: {
            closed: markers.closed && markers.stubborn,
            invented: markers.invented,
            rushed: markers.rushed && markers.stubborn,
          },
          repair: true,
          maxPerDay: maxPerDay(prompt),
          used,
        }),
      })),
    });
  return JSON.stringify({
    days: days.map((day) => ({
      activities: fakeDayActivities(0, {
        destination,
        firstDate: day.date,
        maxPerDay: maxPerDay(prompt),
        markers: { rushed: markers.rushed && markers.stubborn },
        cities,
      }),
    })),
  });
}

/*
 * Answers the size of a real model's: four activities a day with one-sentence descriptions, and an
 * outline of a short theme and two places a day. The shape comes from the request's json_schema
 * (name and day count), so it follows whatever the prompts say; json_object requests fall back to
 * the prompt's "exactly N entries". Text varies by day so no two days are byte-identical.
 */
const THEMES = [
  "Temples of eastern Higashiyama",
  "Markets and old merchant streets",
  "Zen gardens of the northwest",
  "Bamboo groves and river views",
  "Sake, tea and craft workshops",
  "Shrines of the southern hills",
  "Imperial palaces and villas",
];
const PLACES = [
  ["Kiyomizu-dera", "Sannenzaka"],
  ["Nishiki Market", "Pontocho Alley"],
  ["Ryoan-ji", "Kinkaku-ji"],
  ["Arashiyama Bamboo Grove", "Togetsukyo Bridge"],
  ["Fushimi Sake District", "Uji tea houses"],
  ["Fushimi Inari Taisha", "Tofuku-ji"],
  ["Kyoto Imperial Palace", "Katsura Imperial Villa"],
];
const SLOTS = [
  { time: "08:30", activity: "Early visit to", cost: 5 },
  { time: "11:30", activity: "Lunch near", cost: 18 },
  { time: "14:30", activity: "Afternoon walk around", cost: 12 },
  { time: "19:00", activity: "Dinner close to", cost: 45 },
];

function schemaDayCount(body: ChatRequest): number | null {
  const schema = body.response_format?.json_schema?.schema as
    { properties?: { days?: { minItems?: number } } } | undefined;
  return schema?.properties?.days?.minItems ?? null;
}

export function realisticOutlineAnswer(count: number) {
  return JSON.stringify({
    days: Array.from({ length: count }, (_, i) => ({
      theme: THEMES[i % THEMES.length],
      places: PLACES[i % PLACES.length],
    })),
  });
}

export function realisticDaysAnswer(count: number, firstDay = 0) {
  return JSON.stringify({
    days: Array.from({ length: count }, (_, d) => {
      const places = PLACES[(firstDay + d) % PLACES.length] ?? [];
      return {
        activities: SLOTS.map((slot, i) => {
          const place = places[i % places.length] ?? "the old town";
          return {
            time: slot.time,
            activity: `${slot.activity} ${place}`,
            location: `${place}, Kyoto`,
            description: `Spend an unhurried hour around ${place}, taking in the details most visitors miss.`,
            cost: slot.cost + d,
            lat: 35.0116 + i * 0.004,
            lng: 135.7681 + d * 0.003,
            why: "For your interest in temples and food",
            osmId: null,
          };
        }),
      };
    }),
  });
}

/** A model that answers like a real one, in size: for benchmarks of tokens and time. */
export function answerItineraryRealistically(body: ChatRequest): string {
  const name = body.response_format?.json_schema?.name;
  const prompt = body.messages.map((m) => m.content ?? "").join("\n");
  const count = schemaDayCount(body) ?? Number(ENTRIES.exec(prompt)?.[1] ?? 1);
  // Which days these are, from the first date in the prompt, so each day gets its own places.
  const firstDay = Number(/\d{4}-\d{2}-(\d{2})/.exec(prompt)?.[1] ?? 1) - 1;
  if (name === "trip_outline" || (!name && prompt.includes("Outline")))
    return realisticOutlineAnswer(count);
  return realisticDaysAnswer(count, firstDay);
}

/** `POST /api/trips/:id/days/:date/regenerate` asks for one day as `trip_day` ("Plan <date> again"). */
export const isRegenerateDayPrompt = (body: ChatRequest) =>
  body.response_format?.json_schema?.name === "trip_day" ||
  /Plan \d{4}-\d{2}-\d{2} again/.test(body.messages.map((m) => m.content ?? "").join("\n"));

/** The places the prompt says other days already visit (one "date: a; b" line per day). */
export function otherDaysPlaces(body: ChatRequest): string[] {
  const prompt = promptText(body);
  const section = /Other days already visit[^\n]*\n([\s\S]*?)\n(?=Plan )/.exec(prompt)?.[1] ?? "";
  return section
    .split("\n")
    .flatMap((line) => line.replace(/^\d{4}-\d{2}-\d{2}: /, "").split("; "))
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The traveller's wish as the prompt carries it (JSON inside <trip>). */
export function regenerateWish(body: ChatRequest): string {
  const prompt = body.messages.map((m) => m.content ?? "").join("\n");
  const data = /<trip>(.*?)<\/trip>/.exec(prompt)?.[1];
  if (!data) return "";
  try {
    const wish = (JSON.parse(data) as { wish?: unknown }).wish;
    return typeof wish === "string" ? wish : "";
  } catch {
    return "";
  }
}

/**
 * A well-behaved model's answer to a regenerate request: three activities at places no other day
 * visits, following the wish when it asks for indoors.
 */
export function regeneratedDayAnswer(body: ChatRequest, places?: string[]): string {
  const taken = new Set(otherDaysPlaces(body).map((p) => p.toLowerCase()));
  const candidates = promptCandidates(body).filter((c) => !taken.has(c.name.toLowerCase()));
  const date = /Plan (\d{4}-\d{2}-\d{2}) again/.exec(promptText(body))?.[1];
  if (!places && candidates.length > 0 && date)
    return JSON.stringify({
      activities: candidateDayActivities(date, candidates, {
        destination: promptDestination(body),
        markers: {},
      }),
    });
  const indoors = /indoor|rain/i.test(regenerateWish(body));
  // Like a model that follows the prompt: the group's up-voted ideas first, under their place's name.
  const pool = places ?? [
    ...promptIdeas(body).map((idea) => idea.place ?? idea.title),
    indoors ? "Covered market hall" : "Botanical garden",
    indoors ? "National tile museum" : "Riverside promenade",
    indoors ? "Cinema Ideal" : "Miradouro da Graça",
    "Time Out Market",
    "LX Factory",
  ];
  const fresh = pool.filter((p) => !taken.has(p.toLowerCase())).slice(0, 3);
  const city = cityOf(promptDestination(body));
  return JSON.stringify({
    activities: fresh.map((place, i) => ({
      time: ["10:00", "13:30", "18:00"][i] ?? "20:00",
      activity: `${indoors ? "Indoors at" : "Visit"} ${place}`,
      location: place,
      description: `A fresh idea for this day at ${place}.`,
      cost: 10 + i * 5,
      lat: city ? city.lat + 0.003 * (i + 1) : null,
      lng: city ? city.lng - 0.002 * (i + 1) : null,
      why: indoors ? "Indoors, as you asked" : "A fresh take on your interests",
      osmId: null,
    })),
  });
}

/** The up-voted ideas the prompt lists inside <ideas> ([title, place, osmId, votes] rows). */
export function promptIdeas(body: ChatRequest): { title: string; place: string | null }[] {
  const data = /<ideas>(.*?)<\/ideas>/s.exec(promptText(body))?.[1];
  if (!data) return [];
  const rows = JSON.parse(data) as unknown;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    if (!Array.isArray(row) || typeof row[0] !== "string") return [];
    return [{ title: row[0], place: typeof row[1] === "string" ? row[1] : null }];
  });
}

/** A real place the prompt offers (its <places> rows: [osmId, name, kind, hours]). */
export type PromptCandidate = {
  osmId: string;
  name: string;
  kind: string;
  openingHours: string | null;
};

/** The candidates the prompt lists inside <places>…</places> (none when it lists none). */
export function promptCandidates(body: ChatRequest): PromptCandidate[] {
  const data = /<places>(.*?)<\/places>/s.exec(promptText(body))?.[1];
  if (!data) return [];
  try {
    const rows = JSON.parse(data) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows.flatMap((row: unknown) => {
      if (!Array.isArray(row)) return [];
      const [osmId, name, kind, hours] = row as unknown[];
      if (typeof osmId !== "string" || typeof name !== "string") return [];
      return [
        {
          osmId,
          name,
          kind: typeof kind === "string" ? kind : "",
          openingHours: typeof hours === "string" ? hours : null,
        },
      ];
    });
  } catch {
    return [];
  }
}

/** The dates a days prompt asks for: its first date and the days after it. */
function batchDates(prompt: string, count: number): string[] {
  const first = DATE.exec(prompt)?.[0] ?? "2027-01-01";
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** A place that is not on OpenStreetMap, with an osmId the fake model made up. */
export const INVENTED_PLACE = { name: "Le Nuage Imaginaire", osmId: "node/987654321" } as const;

/** Days since 1970: consecutive dates take consecutive places, so batches do not repeat each other. */
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * One day of listed candidates, as a model that follows the prompt writes it: three places, each at
 * a time it may be visited (its hours at the destination; unknown hours in the daytime), starting
 * at a different place each date, with the candidate's osmId and a guess of coordinates near the
 * city centre (the real ones replace it). Markers: `invented` and `closed` (see fakeMarkers).
 */
export function candidateDayActivities(
  date: string,
  candidates: readonly PromptCandidate[],
  options: {
    destination: string;
    markers?: Partial<FakeMarkers>;
    repair?: boolean;
    maxPerDay?: number | undefined;
    /** Places the answer's earlier days took: none is visited twice within one answer. */
    used?: Set<string>;
  },
) {
  const markers = { ...fakeMarkers(options.destination), ...options.markers };
  const city = cityOf(options.destination);
  const where = {
    countryCode: city?.countryCode ?? null,
    lat: city?.lat ?? 0,
    lng: city?.lng ?? 0,
  };
  const times = markers.rushed
    ? ["04:30", "09:00", "09:10"]
    : markers.closed
      ? ["10:00", "13:00", "17:00"]
      : ["09:00", "13:00", "17:00"];
  const used = options.used ?? new Set<string>();
  // The repair starts further along, so its places differ from the day it replaces.
  // Four places a date apart (three visits and one spare for a closed one): batches rarely overlap.
  const start = (dayNumber(date) * 4 + (options.repair ? 1 : 0)) % Math.max(1, candidates.length);
  const ordered = [...candidates.slice(start), ...candidates.slice(0, start)];
  const pick = (time: string, open: boolean) =>
    ordered.find(
      (c) =>
        !used.has(c.osmId) &&
        (open
          ? mayVisitAt(c.openingHours, { ...where, localDate: date, localTime: time })
          : c.openingHours !== null &&
            !mayVisitAt(c.openingHours, { ...where, localDate: date, localTime: time })),
    );
  return times.map((time, i) => {
    const first = i === 0;
    const place =
      first && markers.invented
        ? INVENTED_PLACE
        : ((first && markers.closed ? pick(time, false) : undefined) ?? pick(time, true));
    if (place && place !== INVENTED_PLACE) used.add(place.osmId);
    // A model out of places to offer leaves the slot free: each slot its own, never "the same place".
    const name = place?.name ?? `Free time (${date} ${time})`;
    return {
      time,
      activity: `Visit ${name}`,
      location: name,
      description: "A short visit.",
      cost: Math.min(15, Math.floor((options.maxPerDay ?? Infinity) / 3)),
      lat: city ? round(city.lat + 0.001 * (i + 1)) : null,
      lng: city ? round(city.lng - 0.001 * (i + 1)) : null,
      why: "Culture",
      osmId: place?.osmId ?? null,
    };
  });
}
