/** One server-sent event as the browser's EventSource would see it. */
export type SseEvent = { event: string; data: unknown };

/** Splits an SSE body into events (comments and keep-alives skipped, data lines joined, JSON parsed). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length > 0) events.push({ event, data: JSON.parse(data.join("\n")) as unknown });
  }
  return events;
}
