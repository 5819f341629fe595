import { and, eq, isNull, sql } from "drizzle-orm";
import { z, type ZodError } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import type { Db } from "../db/database.ts";
import { trips, type TripRow } from "../db/schema.ts";
import type { LiveHub } from "../live/live-hub.ts";
import { notFound } from "../lib/http-errors.ts";
import { recordVersion } from "../history/trip-versions.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Live = Pick<LiveHub, "publishChange">;

/**
 * An idea's or a poll's change is a change of the trip, as an expense's is: the trip's next version
 * (same plan) with its history line, in the change's own transaction. Updating the trip's row first
 * also holds concurrent changes of the same trip in turn, so a limit counted after it holds.
 */
export async function bumpTrip(
  tx: Tx,
  trip: TripRow,
  byUserId: string,
  summary: string,
  /** The assistant that made the change through /mcp (its name), for the history. */
  via?: string,
): Promise<number> {
  const [updated] = await tx
    .update(trips)
    .set({ version: sql`${trips.version} + 1` })
    .where(and(eq(trips.id, trip.id), isNull(trips.deletedAt)))
    .returning();
  if (!updated) throw notFound(MESSAGES.tripNotFound);
  await recordVersion(tx, updated, byUserId, summary, trip, via);
  return updated.version;
}

/**
 * A 422 the one `onError` answers like a body's (each issue with its path). Made by a parse: only a
 * parse's error is an `Error`, which Hono hands to `onError`.
 */
export function invalid(path: (string | number)[], message: string): ZodError {
  const result = z
    .unknown()
    .superRefine((_, ctx) => ctx.addIssue({ code: "custom", path, message }))
    .safeParse(null);
  if (result.success) throw new Error("an issue always fails the parse");
  return result.error;
}

/** "“Musée Rodin”": a title in a history line, clipped so a line stays a line. */
export const quoted = (title: string) =>
  `“${title.length > 80 ? `${title.slice(0, 79).trimEnd()}…` : title}”`;
