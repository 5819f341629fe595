import type { ChatRequest } from "./openai-fake.ts";

/** How the prompts ask for a number of days ("exactly 7 entries", "Exactly 2 JSON entries"). */
const ENTRIES = /exactly (\d+) (?:JSON )?entries/i;

/**
 * A well-behaved itinerary model for the OpenAI fake's `respond`: it reads how many entries the
 * prompt asks for and whether it is the outline or the days, and answers valid JSON of that shape.
 */
export function answerItineraryPrompt(body: ChatRequest): string {
  const prompt = body.messages.find((m) => m.role === "user")?.content ?? "";
  if (isRegenerateDayPrompt(body)) return regeneratedDayAnswer(body);
  const asked = ENTRIES.exec(prompt);
  const count = Number(asked?.[1] ?? 1);
  if (prompt.includes("Outline this")) return itineraryOutlineAnswer(count);
  if (asked) return itineraryDaysAnswer(count);
  return `Fake model reply to: ${prompt.slice(0, 200)}`;
}

export const itineraryOutlineAnswer = (count: number) =>
  JSON.stringify({
    days: Array.from({ length: count }, (_, i) => ({
      theme: `Theme ${i + 1}`,
      places: [`Place ${i + 1}`],
    })),
  });

export const itineraryDaysAnswer = (count: number) =>
  JSON.stringify({
    days: Array.from({ length: count }, () => ({
      activities: [0, 1, 2].map((i) => ({
        time: `${String(9 + i * 4).padStart(2, "0")}:00`,
        activity: `Activity ${i + 1}`,
        location: "Gion",
        description: "A walk through the old streets.",
        cost: 20,
      })),
    })),
  });

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
  const prompt = body.messages.map((m) => m.content ?? "").join("\n");
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
  const indoors = /indoor|rain/i.test(regenerateWish(body));
  const pool = places ?? [
    indoors ? "Covered market hall" : "Botanical garden",
    indoors ? "National tile museum" : "Riverside promenade",
    indoors ? "Cinema Ideal" : "Miradouro da Graça",
    "Time Out Market",
    "LX Factory",
  ];
  const fresh = pool.filter((p) => !taken.has(p.toLowerCase())).slice(0, 3);
  return JSON.stringify({
    activities: fresh.map((place, i) => ({
      time: ["10:00", "13:30", "18:00"][i] ?? "20:00",
      activity: `${indoors ? "Indoors at" : "Visit"} ${place}`,
      location: place,
      description: `A fresh idea for this day at ${place}.`,
      cost: 10 + i * 5,
    })),
  });
}
