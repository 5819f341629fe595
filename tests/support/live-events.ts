/** One event of a still-open stream: its name, id and parsed data. */
export type LiveSseEvent = { event: string; id: string | null; data: unknown };

/**
 * Reads a text/event-stream body as it arrives: `next(name)` waits for the next event of that name
 * (skipping others), with no time limit of its own (the test's timeout is the limit), and `close`
 * cancels the stream (the server then sees the listener leave).
 */
export function readEvents(response: Response) {
  const body = response.body;
  if (!body) throw new Error("no body");
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const queue: LiveSseEvent[] = [];
  let ended = false;
  let retry: number | null = null;
  const parseBlock = (block: string) => {
    let event = "message";
    let id: string | null = null;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("id:")) id = line.slice(3).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      else if (line.startsWith("retry:")) retry = Number(line.slice(6).trim());
    }
    if (data.length > 0) queue.push({ event, id, data: JSON.parse(data.join("\n")) as unknown });
  };
  const pull = async () => {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += value;
    const blocks = buffer.split(/\r?\n\r?\n/);
    buffer = blocks.pop() ?? "";
    for (const block of blocks) parseBlock(block);
  };
  return {
    /** The next event named `name` (any event when not given); null once the stream ended. */
    next: async (name?: string): Promise<LiveSseEvent | null> => {
      for (;;) {
        const index = queue.findIndex((e) => !name || e.event === name);
        if (index >= 0) return queue.splice(index, 1)[0]!;
        if (ended) return null;
        await pull();
      }
    },
    /** Waits for the stream's end (after `revoked`, or when the server closes it). */
    ended: async () => {
      while (!ended) await pull();
    },
    /** The last `retry:` the server sent (how long EventSource waits to reconnect), or null. */
    retry: () => retry,
    close: () => reader.cancel().catch(() => undefined),
  };
}
