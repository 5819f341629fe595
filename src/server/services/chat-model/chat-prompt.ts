import type { ChatMessage } from "#shared/schemas/chat.ts";
import type { ChatModelMessage } from "./chat-model.ts";

export type TravellerContext = {
  preferredDestinations: string[];
  preferredTravelStyle: string | null;
  interests: string[];
};

const PERSONA =
  "You are Journey, the friendly travel assistant of Boundless. You help travellers plan trips, " +
  "suggest destinations and share practical travel tips. Answer in plain text, warmly and concisely. " +
  "Use the weather information below when it is relevant and never invent a forecast.";

function travellerLines(traveller: TravellerContext | null): string {
  if (!traveller) return "Traveller: a visitor who is not signed in.";
  const list = (items: string[]) => (items.length > 0 ? items.join(", ") : "not given");
  return [
    "Traveller profile:",
    `- Preferred destinations: ${list(traveller.preferredDestinations)}`,
    `- Preferred travel style: ${traveller.preferredTravelStyle ?? "not given"}`,
    `- Interests: ${list(traveller.interests)}`,
  ].join("\n");
}

/**
 * SPEC 7, Chat assistant 3: one system message with the Journey persona, the weather text and the
 * prior conversation as 'role: content' lines, then the user's message.
 */
export function buildChatMessages(input: {
  message: string;
  history: ChatMessage[];
  weatherText: string;
  traveller: TravellerContext | null;
}): ChatModelMessage[] {
  const conversation =
    input.history.length > 0
      ? input.history.map((m) => `${m.role}: ${m.content}`).join("\n")
      : "(this is the first message)";
  const system = [
    PERSONA,
    travellerLines(input.traveller),
    `Weather information:\n${input.weatherText || "No forecast was requested."}`,
    `Previous conversation:\n${conversation}`,
  ].join("\n\n");
  return [
    { role: "system", content: system },
    { role: "user", content: input.message },
  ];
}
