export type SseEvent = { event: string; data: string };

/**
 * Incremental parser for text/event-stream (the subset we send: `event:` and `data:` lines, blank-line
 * separated). Feed it decoded chunks as they arrive; it returns the events completed so far.
 */
export function createSseParser() {
  let buffer = "";
  return (chunk: string): SseEvent[] => {
    buffer += chunk.replace(/\r\n?/g, "\n");
    const events: SseEvent[] = [];
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length > 0) events.push({ event, data: data.join("\n") });
      end = buffer.indexOf("\n\n");
    }
    return events;
  };
}

/** Yields the events of a `text/event-stream` response body as they arrive. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parse = createSseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      yield* parse(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
