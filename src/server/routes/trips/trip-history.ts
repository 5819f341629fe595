import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { historyQuerySchema, restoreRequestSchema } from "#shared/schemas/trip-history.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { user } from "../../db/auth-schema.ts";
import { AppError } from "../../lib/http-errors.ts";
import { createSseBody } from "../../live/live-sse.ts";
import { requestSessionToken, requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { toTripDto } from "../../trips/trip-dto.ts";
import { findTripFor } from "../../trips/trip-access.ts";
import { saveTripVersion } from "../../trips/trip-save.ts";
import { findVersion, historyPage } from "../../history/trip-versions.ts";
import { restoredValues } from "../../trips/trip-restore.ts";

/** Comment lines keep proxies (and the browser) from closing a quiet stream; at most 25 s apart. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a stream closed by the per-user limit. */
export const LIMIT_RETRY_MS = 86_400_000;

export const VERSION_NOT_KEPT_MESSAGE = "That version is not in the trip's history";

const lastEventId = z.coerce.number().int().nonnegative();

/** Signed in before the query or body is read: 401 comes before 422, as on the trip's other routes. */
const signedIn = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  await next();
};

/** A trip's history, bringing a version back, and its live changes. */
export const tripHistoryRoutes = new Hono<AppBindings>()
  .get("/:id/history", pathIds, signedIn, validate("query", historyQuerySchema), async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "view");
    const changes = await historyPage(db, trip.id, c.req.valid("query").before);
    return c.json({ changes });
  })
  .post("/:id/restore", pathIds, signedIn, validate("json", restoreRequestSchema), async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { version } = c.req.valid("json");
    for (;;) {
      const found = await findTripFor(db, me.id, c.req.param("id"), "edit");
      const { row } = found;
      const snapshot = await findVersion(db, row.id, version);
      if (!snapshot) throw new AppError(404, "not_found", VERSION_NOT_KEPT_MESSAGE);
      // Saved as a new version on whatever is current: a restore never fails for being late.
      const saved = await saveTripVersion(
        db,
        row,
        restoredValues(row, snapshot),
        me.id,
        `Restored version ${version}`,
      );
      if (saved) {
        await c.var.deps.live.publishChange(row.id, saved.version);
        return c.json({ trip: toTripDto(saved, found) });
      }
    }
  })
  .get("/:id/events", pathIds, async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "view");
    const [profile] = await db
      .select({ image: user.image })
      .from(user)
      .where(eq(user.id, me.id))
      .limit(1);
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
    const listener = await c.var.deps.live.open({
      tripId: trip.id,
      version: trip.version,
      user: { userId: me.id, name: me.name, image: profile?.image ?? null },
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
    // Chunked from the start: @hono/node-server then sends the head at once instead of first
    // trying to read the whole body to size it.
    c.header("Transfer-Encoding", "chunked");
    c.header("X-Accel-Buffering", "no");
    return c.body(sse.body);
  });
