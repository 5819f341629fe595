import { inArray, eq } from "drizzle-orm";
import type { Idea, IdeaStatus, IdeaVote, IdeaVoter } from "#shared/schemas/ideas.ts";
import type { Db } from "../db/database.ts";
import { tripIdeaVotes, user, type TripIdeaRow } from "../db/schema.ts";

/** Every vote on these ideas with the voter's name, by idea (oldest vote first). */
export async function votersOf(
  db: Pick<Db, "select">,
  ideaIds: string[],
): Promise<Map<string, IdeaVoter[]>> {
  const byIdea = new Map<string, IdeaVoter[]>();
  if (ideaIds.length === 0) return byIdea;
  const rows = await db
    .select({
      ideaId: tripIdeaVotes.ideaId,
      userId: tripIdeaVotes.userId,
      vote: tripIdeaVotes.vote,
      name: user.name,
    })
    .from(tripIdeaVotes)
    .innerJoin(user, eq(user.id, tripIdeaVotes.userId))
    .where(inArray(tripIdeaVotes.ideaId, ideaIds))
    .orderBy(tripIdeaVotes.createdAt, tripIdeaVotes.userId);
  for (const row of rows) {
    const list = byIdea.get(row.ideaId) ?? [];
    list.push({ userId: row.userId, name: row.name, vote: row.vote as IdeaVote });
    byIdea.set(row.ideaId, list);
  }
  return byIdea;
}

export function toIdeaDto(row: TripIdeaRow, voters: IdeaVoter[], addedByName: string | null): Idea {
  return {
    id: row.id,
    tripId: row.tripId,
    title: row.title,
    note: row.note,
    url: row.url,
    place: row.place,
    addedBy: row.addedBy,
    addedByName,
    addedAt: row.createdAt.toISOString(),
    votes: Object.fromEntries(voters.map((v) => [v.userId, v.vote])),
    voters,
    status: row.status as IdeaStatus,
    plannedActivityId: row.plannedActivityId,
    plannedDate: row.plannedDate,
  };
}
