import type { ChatRequest } from "./openai-fake.ts";

/**
 * A well-behaved itinerary model for the OpenAI fake's `respond`: it reads how many entries the
 * prompt asks for and whether it is the outline or the days, and answers valid JSON of that shape.
 */
export function answerItineraryPrompt(body: ChatRequest): string {
  const prompt = body.messages.find((m) => m.role === "user")?.content ?? "";
  const count = Number(/exactly (\d+) entries/.exec(prompt)?.[1] ?? 1);
  if (prompt.includes("Outline this")) return itineraryOutlineAnswer(count);
  if (/exactly \d+ entries/.test(prompt)) return itineraryDaysAnswer(count);
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
