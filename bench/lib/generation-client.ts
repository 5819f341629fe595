import type { ChatRequest } from "#tests/fakes/openai-fake.ts";

/**
 * What the bench and the load test need from generation: a request body, a fake model that answers
 * ANY structured-output request with a valid instance of the schema it was given (so it follows the
 * server's prompts without knowing them), and a reader for the SSE progress stream.
 */
export function createTripBody(destination: string, days: number, startDate = "2030-05-01") {
  const end = new Date(`${startDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + days - 1);
  return {
    destination,
    startDate,
    endDate: end.toISOString().slice(0, 10),
    budget: 2500,
    travelStyle: "comfort",
    interests: ["Food & Dining", "History", "Culture & Arts"],
  };
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

const TIMES = ["09:00", "11:30", "14:00", "16:30", "19:30"];
const TEXT: Record<string, string> = {
  activity: "Guided walk through the historic quarter",
  location: "Old Town, main square",
  description:
    "Meet a local guide at the square, follow the lanes past the cathedral and the market, and stop for coffee at a family-run café before lunch.",
  title: "A day between the river and the hills",
  summary: "Markets in the morning, museums after lunch, and dinner with a view.",
  theme: "History and food",
};

// Every location the fake writes is a different place, as the prompt asks of a model: one place for
// every activity would be a "repeat" on every day and cost a realism repair call a real answer does
// not (the bench would measure that call, not generation).
let locationCount = 0;

/** The dates in the prompt (the trip's first and last day), so day arrays have the right length. */
function promptDates(request: ChatRequest): string[] {
  const text = request.messages.map((m) => m.content ?? "").join("\n");
  const found = [...new Set(text.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? [])].sort();
  if (found.length === 0) return [];
  const first = new Date(`${found[0]}T00:00:00Z`);
  const last = new Date(`${found.at(-1)}T00:00:00Z`);
  const dates: string[] = [];
  for (let d = first; d <= last && dates.length < 60; d = new Date(d.getTime() + 86_400_000))
    dates.push(d.toISOString().slice(0, 10));
  return dates;
}

export function instanceFor(root: JsonSchema, request: ChatRequest): unknown {
  const dates = promptDates(request);
  const defs = { ...root.definitions, ...root.$defs };
  const resolve = (s: JsonSchema): JsonSchema => {
    if (!s.$ref) return s;
    const name = s.$ref.split("/").at(-1)!;
    return resolve(defs[name] ?? {});
  };
  const build = (raw: JsonSchema, key: string, index: number): unknown => {
    const s = resolve(raw);
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) {
      const pick = alternatives.find((a) => resolve(a).type !== "null") ?? alternatives[0]!;
      return build(pick, key, index);
    }
    const type = Array.isArray(s.type) ? (s.type.find((t) => t !== "null") ?? "null") : s.type;
    if (type === "object" || s.properties) {
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, build(v, k, index)]),
      );
    }
    if (type === "array") {
      let count = key === "days" ? dates.length || 3 : key === "activities" ? 4 : 2;
      if (s.minItems !== undefined) count = Math.max(count, s.minItems);
      if (s.maxItems !== undefined) count = Math.min(count, s.maxItems);
      return Array.from({ length: count }, (_, i) => build(s.items ?? {}, key, i));
    }
    if (type === "integer") return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 1e9, index + 1));
    if (type === "number")
      return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 1e9, 20 + index * 5));
    if (type === "boolean") return false;
    if (type === "null") return null;
    // strings
    if (s.format === "date" || /date/i.test(key)) return dates[index] ?? "2030-05-01";
    if (/time/i.test(key) || s.pattern?.includes(":")) return TIMES[index % TIMES.length];
    let text =
      key === "location"
        ? `${TEXT.location} ${++locationCount}`
        : (TEXT[key] ?? `Suggested ${key || "text"} ${index + 1}`);
    if (s.maxLength !== undefined) text = text.slice(0, s.maxLength);
    return text;
  };
  return build(root, "", 0);
}

/** The fake model's answer: a valid instance of the requested schema, or a plain itinerary, or text. */
export function fakeModelReply(request: ChatRequest): string {
  const format = request.response_format;
  if (format?.type === "json_schema" && format.json_schema?.schema)
    return JSON.stringify(instanceFor(format.json_schema.schema, request));
  if (format?.type === "json_object") {
    const days = instanceFor(
      {
        type: "object",
        properties: {
          days: {
            type: "array",
            items: {
              type: "object",
              properties: {
                date: { type: "string", format: "date" },
                activities: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: {
                      time: { type: "string" },
                      activity: { type: "string" },
                      location: { type: "string" },
                      description: { type: "string" },
                      cost: { type: "number" },
                    },
                  },
                },
              },
            },
          },
        },
      },
      request,
    );
    return JSON.stringify(days);
  }
  return "Pack light layers, comfortable shoes and a rain jacket; mornings are cool and afternoons warm.";
}

export type StreamResult = {
  tripId?: string;
  firstDayMs?: number;
  doneMs?: number;
  events: { event: string; at: number; data: unknown }[];
  errorStatus?: number;
};

const idIn = (data: unknown): string | undefined => {
  if (!data || typeof data !== "object") return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.tripId === "string") return d.tripId;
  if (typeof d.id === "string") return d.id;
  if (d.trip && typeof d.trip === "object") return idIn(d.trip);
  return undefined;
};

/** Reads `event:`/`data:` frames; times are ms from `started`. */
export async function readTripStream(
  response: Response,
  started = performance.now(),
): Promise<StreamResult> {
  const result: StreamResult = { events: [] };
  if (!response.ok) {
    result.errorStatus = response.status;
    result.events.push({ event: "http", at: 0, data: (await response.text()).slice(0, 500) });
    return result;
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.includes("text/event-stream")) {
    // A JSON answer (no streaming): the whole trip at once.
    const body = (await response.json()) as unknown;
    result.tripId = idIn(body);
    result.firstDayMs = result.doneMs = performance.now() - started;
    return result;
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const dataLines: string[] = [];
      for (const line of frame.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) dataLines.push(line.slice(5).trimStart());
      }
      if (dataLines.length === 0) continue;
      let data: unknown = dataLines.join("\n");
      try {
        data = JSON.parse(data as string);
      } catch {
        // plain text data
      }
      const at = performance.now() - started;
      result.events.push({ event, at, data });
      if (event === "day" && result.firstDayMs === undefined) result.firstDayMs = at;
      if (event === "done") {
        result.doneMs = at;
        result.tripId = idIn(data);
      }
      if (event === "error") result.errorStatus = 599;
    }
  }
  return result;
}
