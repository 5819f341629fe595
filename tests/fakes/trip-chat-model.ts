import type { ChatRequest } from "./openai-fake.ts";

/*
 * A well-behaved assistant for chats with an open trip, in the real wire format: the app asks for
 * `response_format: json_schema` named `trip_chat_answer`, the trip arrives as its own user message
 * (`<trip>` with one `date | ref | time | duration | activity | place | cost` line per activity), and the answer
 * is `{ reply, proposal }`. It understands "move <activity> to <YYYY-MM-DD>"; anything else gets a
 * reply without a proposal.
 */

type TripLine = {
  date: string;
  ref: string;
  time: string;
  durationMinutes: number | null;
  activity: string;
  location: string;
  cost: number | null;
};

export const isTripChatRequest = (body: ChatRequest) =>
  body.response_format?.json_schema?.name === "trip_chat_answer" ||
  // The json_object fallback carries no schema name: the open trip's own message marks it then
  // (generation prompts also wrap the traveller's request in <trip>, so the tag alone is not enough).
  body.messages.some(
    (m) => m.role === "user" && (m.content ?? "").startsWith("The trip I have open"),
  );

export function tripLines(body: ChatRequest): { dates: string[]; activities: TripLine[] } {
  const trip =
    body.messages.find((m) => (m.content ?? "").startsWith("The trip I have open"))?.content ?? "";
  const dates: string[] = [];
  const activities: TripLine[] = [];
  for (const line of trip.split("\n")) {
    const cells = line.split(" | ");
    const date = cells[0] ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    if (!dates.includes(date)) dates.push(date);
    if (cells.length < 7) continue;
    const cost = cells[6]?.startsWith("$") ? Number(cells[6].slice(1)) : null;
    const minutes = /^(\d+) min$/.exec(cells[3] ?? "");
    activities.push({
      date,
      ref: cells[1] ?? "",
      time: cells[2] ?? "",
      durationMinutes: minutes ? Number(minutes[1]) : null,
      activity: cells[4] ?? "",
      location: cells[5] ?? "",
      cost,
    });
  }
  return { dates, activities };
}

const toAnswer = (a: TripLine) => ({
  ref: a.ref,
  time: a.time,
  durationMinutes: a.durationMinutes,
  activity: a.activity,
  location: a.location,
  description: `${a.activity} at ${a.location}.`,
  cost: a.cost,
});

export function answerTripChat(body: ChatRequest): string {
  // The traveller's question is the last user message before any repair turn (the open trip and the
  // history come before it).
  const lastTurn = body.messages.at(-1);
  const repairing = (lastTurn?.content ?? "").includes("Reply again with only the corrected JSON");
  const question = (repairing ? body.messages.at(-3) : lastTurn)?.content ?? "";
  const { activities } = tripLines(body);
  const move = /move (.+?) to (\d{4}-\d{2}-\d{2})/i.exec(question);
  const moving = move
    ? activities.find((a) => a.activity.toLowerCase() === move[1]?.toLowerCase())
    : undefined;
  if (!move || !moving) {
    return JSON.stringify({
      reply: `Here is what I think about: ${question.slice(0, 100)}`,
      proposal: null,
    });
  }
  const target = move[2] ?? "";
  const dayOf = (date: string) => activities.filter((a) => a.date === date && a !== moving);
  return JSON.stringify({
    reply: `I moved ${moving.activity} to ${target}.`,
    proposal: {
      summary: `Move ${moving.activity} from ${moving.date} to ${target}.`,
      days: [
        { date: moving.date, activities: dayOf(moving.date).map(toAnswer) },
        { date: target, activities: [...dayOf(target), moving].map(toAnswer) },
      ],
    },
  });
}
