import { and, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { session } from "../db/auth-schema.ts";
import { tripMembers, trips } from "../db/schema.ts";

/**
 * Of these sessions (tokens), the ones still signed in whose user may still view the trip: one
 * query, whatever the number of streams. A stream whose session is not among them has lost its
 * access (removed, signed out, password changed, account deleted) and gets nothing more.
 */
export async function sessionsStillOnTrip(
  db: Db,
  tripId: string,
  tokens: readonly string[],
  now = new Date(),
): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await db
    .select({ token: session.token })
    .from(session)
    .where(
      and(
        inArray(session.token, [...new Set(tokens)]),
        gt(session.expiresAt, now),
        sql`(exists (select 1 from ${trips} where ${trips.id} = ${tripId} and ${trips.userId} = ${session.userId})
          or exists (select 1 from ${tripMembers} where ${tripMembers.tripId} = ${tripId} and ${tripMembers.userId} = ${session.userId}))`,
      ),
    );
  return new Set(rows.map((row) => row.token));
}
