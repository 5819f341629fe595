import type { ChatRequest } from "./openai-fake.ts";

/** How the prompts ask for a number of days ("exactly 7 entries", "Exactly 2 JSON entries"). */
const ENTRIES = /exactly (\d+) (?:JSON )?entries/i;

/**
 * A well-behaved itinerary model for the OpenAI fake's `respond`: it reads how many entries the
 * prompt asks for and whether it is the outline or the days, and answers valid JSON of that shape.
 */
export function answerItineraryPrompt(body: ChatRequest): string {
  const prompt = body.messages.find((m) => m.role === "user")?.content ?? "";
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
