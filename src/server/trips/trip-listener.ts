import { eq } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import { user } from "../db/auth-schema.ts";
import type { LiveHub } from "../live/live-hub.ts";
import { findTripFor } from "./trip-access.ts";

type Listener = Parameters<LiveHub["open"]>[0];

/**
 * A member's open page joining the trip's live changes: access checked (viewers included), the
 * member shown to the others with their picture, resumed after `lastEventId` when the browser
 * reconnects.
 */
export async function openTripListener(
  deps: { database: Pick<Database, "db">; live: Pick<LiveHub, "open"> },
  me: { id: string; name: string },
  tripId: string,
  listener: Pick<Listener, "session" | "lastEventId" | "send" | "close">,
): Promise<{ close: () => void }> {
  const { db } = deps.database;
  const { row: trip } = await findTripFor(db, me.id, tripId, "view");
  const [profile] = await db
    .select({ image: user.image })
    .from(user)
    .where(eq(user.id, me.id))
    .limit(1);
  return deps.live.open({
    ...listener,
    tripId: trip.id,
    version: trip.version,
    user: { userId: me.id, name: me.name, image: profile?.image ?? null },
  });
}
