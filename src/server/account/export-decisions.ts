import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { packingItems, packingLists, tripIdeas, tripPolls, trips, user } from "../db/schema.ts";
import { toIdeaDto, votersOf } from "../ideas/idea-dto.ts";
import { toPolls } from "../ideas/polls.ts";
import { toPackingItemDto } from "../packing/packing-lists.ts";

/** The ids of the user's own trips (not deleted): their ideas, polls and shared lists are theirs. */
const ownTrips = (db: Db, userId: string) =>
  db
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.userId, userId), isNull(trips.deletedAt)));

const jsonArray = (items: unknown[]) =>
  items.length === 0 ? "[]" : `[\n    ${items.map((i) => JSON.stringify(i)).join(",\n    ")}\n  ]`;

/**
 * The ideas of the user's own trips and those they added to other people's (issue 49), as the API
 * shows them (with their trip's id and the votes), by trip and oldest first.
 */
export async function exportIdeas(db: Db, userId: string): Promise<string> {
  const rows = await db
    .select({ idea: tripIdeas, addedByName: user.name })
    .from(tripIdeas)
    .leftJoin(user, eq(user.id, tripIdeas.addedBy))
    .where(or(inArray(tripIdeas.tripId, ownTrips(db, userId)), eq(tripIdeas.addedBy, userId)))
    .orderBy(asc(tripIdeas.tripId), asc(tripIdeas.createdAt), asc(tripIdeas.id));
  const voters = await votersOf(
    db,
    rows.map((r) => r.idea.id),
  );
  return jsonArray(
    rows.map((r) => toIdeaDto(r.idea, voters.get(r.idea.id) ?? [], r.addedByName ?? null)),
  );
}

/** The polls of the user's own trips and those they asked on others', each with its trip and result. */
export async function exportPolls(db: Db, userId: string): Promise<string> {
  const rows = await db
    .select()
    .from(tripPolls)
    .where(or(inArray(tripPolls.tripId, ownTrips(db, userId)), eq(tripPolls.createdBy, userId)))
    .orderBy(asc(tripPolls.tripId), asc(tripPolls.createdAt), asc(tripPolls.id));
  return jsonArray(await toPolls(db, rows, userId));
}

/**
 * The user's packing lists: their own list on every trip, and the shared list of their own trips,
 * each with its trip and its items (oldest first). Other members' own lists are theirs.
 */
export async function exportPackingLists(db: Db, userId: string): Promise<string> {
  const lists = await db
    .select()
    .from(packingLists)
    .where(
      or(
        eq(packingLists.ownerId, userId),
        and(eq(packingLists.kind, "shared"), inArray(packingLists.tripId, ownTrips(db, userId))),
      ),
    )
    .orderBy(asc(packingLists.tripId), asc(packingLists.kind), asc(packingLists.id));
  const items =
    lists.length === 0
      ? []
      : await db
          .select()
          .from(packingItems)
          .where(
            inArray(
              packingItems.listId,
              lists.map((l) => l.id),
            ),
          )
          .orderBy(asc(packingItems.createdAt), asc(packingItems.id));
  return jsonArray(
    lists.map((list) => ({
      id: list.id,
      tripId: list.tripId,
      kind: list.kind,
      ownerId: list.ownerId,
      items: items.filter((i) => i.listId === list.id).map(toPackingItemDto),
    })),
  );
}
