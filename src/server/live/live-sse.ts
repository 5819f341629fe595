import type { LiveEvent } from "./live-hub.ts";

/** A comment line: keeps proxies (and the browser) from closing a quiet stream. */
const KEEP_ALIVE = new TextEncoder().encode(": keep-alive\n\n");

/**
 * Frames waiting for the connection to take them before the listener is dropped as too slow (its socket
 * is not draining): it reconnects with Last-Event-ID and is caught up from the history instead of
 * the server holding an ever longer queue for it.
 */
export const MAX_QUEUED_FRAMES = 256;

const encoder = new TextEncoder();
// One event goes to every listener of a trip: it is framed and encoded once, for all of them.
const frames = new WeakMap<LiveEvent, Uint8Array>();

/** The event as `text/event-stream` bytes (data is JSON: one line, no newline to split). */
export function frameOf(event: LiveEvent): Uint8Array {
  let frame = frames.get(event);
  if (!frame) {
    frame = encoder.encode(
      `event: ${event.event}\nid: ${event.id}\ndata: ${JSON.stringify(event.data)}\n\n`,
    );
    frames.set(event, frame);
  }
  return frame;
}

export type SseBody = {
  /** The response body: one byte stream, read by the HTTP server as frames are queued. */
  body: ReadableStream<Uint8Array>;
  send: (event: LiveEvent) => void;
  /**
   * Ends the stream once what was queued has gone out; `retryMs`: how long the browser waits
   * before reconnecting (SSE's `retry:` field), when it should not come back at once.
   */
  close: (retryMs?: number) => void;
};

/**
 * The body of one live stream, written straight into a single ReadableStream: no TransformStream,
 * writer or promise chain between the hub and the socket (Hono's streamSSE puts three streams and a
 * per-write promise chain there, which cost each open stream memory and each event CPU on every
 * listener). `onEnd` runs once, when the client went away, the stream was closed or it fell too far
 * behind.
 */
export function createSseBody(options: { heartbeatMs: number; onEnd: () => void }): SseBody {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  let heartbeat: NodeJS.Timeout | undefined;
  const end = () => {
    if (ended) return false;
    ended = true;
    clearInterval(heartbeat);
    options.onEnd();
    return true;
  };
  const enqueue = (frame: Uint8Array) => {
    if (ended) return;
    // With a high-water mark of 0, -desiredSize is the number of frames the reader has not taken.
    if (-(controller.desiredSize ?? 0) >= MAX_QUEUED_FRAMES) {
      if (end()) controller.error(new Error("live stream too far behind"));
      return;
    }
    controller.enqueue(frame);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
        heartbeat = setInterval(() => enqueue(KEEP_ALIVE), options.heartbeatMs);
        heartbeat.unref();
      },
      cancel: () => {
        end();
      },
    },
    { highWaterMark: 0 },
  );
  return {
    body,
    send: (event) => enqueue(frameOf(event)),
    close: (retryMs) => {
      if (retryMs !== undefined && !ended)
        controller.enqueue(encoder.encode(`retry: ${retryMs}\n\n`));
      if (end()) controller.close();
    },
  };
}
