import { Hono } from "hono";
import { z } from "zod";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { requestSessionToken, requireUser } from "../../http/session.ts";
import { createSseBody } from "../../live/live-sse.ts";
import { openTripListener } from "../../trips/trip-listener.ts";

/** Comment lines keep proxies (and the browser) from closing a quiet stream; at most 25 s apart. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a stream closed by the per-user limit. */
export const LIMIT_RETRY_MS = 86_400_000;

const lastEventId = z.coerce.number().int().nonnegative();

/** A trip's live changes and who is looking, as server-sent events (GET /api/trips/:id/events). */
export const tripEventRoutes = new Hono<AppBindings>().get("/:id/events", pathIds, async (c) => {
  const me = await requireUser(c);
  const resumeFrom = lastEventId.safeParse(c.req.header("last-event-id"));
  // Until the hub has the listener, a client that went away is only noted.
  let gone = false;
  let dropListener = () => {
    gone = true;
  };
  const sse = createSseBody({
    heartbeatMs: LIVE_HEARTBEAT_MS,
    // The client went away (or fell too far behind): the hub drops the listener.
    onEnd: () => dropListener(),
  });
  const listener = await openTripListener(c.var.deps, me, c.req.param("id"), {
    session: requestSessionToken(c),
    lastEventId: resumeFrom.success ? resumeFrom.data : undefined,
    send: sse.send,
    // Closed for the user's 21st stream: the browser would reconnect in seconds and close another
    // of their tabs in turn. `retry` tells it to wait (a day); the page reconnects itself when it
    // is looked at again (use-trip-live.ts).
    close: (reason) => sse.close(reason === "limit" ? LIMIT_RETRY_MS : undefined),
  });
  if (gone) listener.close();
  else dropListener = listener.close;
  c.header("Content-Type", "text/event-stream");
  c.header("Cache-Control", "no-cache");
  c.header("Connection", "keep-alive");
  // Chunked from the start: @hono/node-server then sends the head at once instead of first trying
  // to read the whole body to size it.
  c.header("Transfer-Encoding", "chunked");
  c.header("X-Accel-Buffering", "no");
  return c.body(sse.body);
});
