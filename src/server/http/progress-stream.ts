import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppBindings } from "./context.ts";
import { describeFailure, logFailure } from "./generation.ts";

/** Keeps proxies from closing a quiet stream while a slow model works. */
const HEARTBEAT_MS = 15_000;

type Send = (event: string, data: unknown) => Promise<void>;

/**
 * A plan made while the browser watches, as server-sent events: `start`, the task's own events,
 * then `done` with what `run` returns, or `error` with the failure in the user's words. The browser
 * leaving aborts `run`'s signal and nothing more is sent; `run` returns undefined when there is no
 * `done` to send.
 */
export function streamProgress(
  c: Context<AppBindings>,
  options: {
    start: unknown;
    /** The log line of a failure. */
    failure: string;
    run: (signal: AbortSignal, send: Send) => Promise<unknown>;
  },
) {
  const { deps, requestId } = c.var;
  // Reverse proxies (nginx) would otherwise hold the events back until the stream ends.
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    const controller = new AbortController();
    stream.onAbort(() => controller.abort());
    const send: Send = (event, data) =>
      stream.writeSSE({ event, data: JSON.stringify(data) }).catch(() => controller.abort());
    const heartbeat = setInterval(() => {
      void stream.write(": keep-alive\n\n").catch(() => controller.abort());
    }, HEARTBEAT_MS);
    try {
      await send("start", options.start);
      const done = await options.run(controller.signal, send);
      if (done !== undefined) await send("done", done);
    } catch (error) {
      if (controller.signal.aborted) return;
      logFailure(deps, requestId, error, options.failure);
      const { code, message, details } = describeFailure(error);
      await send("error", { ...details, code, message });
    } finally {
      clearInterval(heartbeat);
    }
  });
}
