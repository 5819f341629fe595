import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { TripRole } from "#shared/constants.ts";
import { formatDayLabel } from "#shared/format.ts";
import type { Poll, pollInputSchema, PollOptionInput } from "#shared/schemas/polls.ts";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import {
  tripIdeas,
  tripPolls,
  tripPollVotes,
  user,
  type PollOptionRow,
  type TripPollRow,
  type TripRow,
} from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { isUuid } from "../lib/is-uuid.ts";
import { forbidden } from "../trips/trip-access.ts";
import { bumpTrip, invalid, quoted, type Live } from "./trip-change.ts";

export const POLL_NOT_FOUND = "Poll not found";
export const POLL_CLOSED = "This poll is closed";
export const POLL_CLOSE_REFUSED = "Only the poll's creator or the trip's owner can close it";

export type PollValues = z.output<typeof pollInputSchema>;
type Reader = Pick<Db, "select">;

const isClosed = (row: TripPollRow, now: Date) =>
  row.closedAt !== null || (row.closesAt !== null && row.closesAt <= now);

export async function toPolls(db: Reader, rows: TripPollRow[], readerId: string): Promise<Poll[]> {
  if (rows.length === 0) return [];
  const votes = await db
    .select({
      pollId: tripPollVotes.pollId,
      userId: tripPollVotes.userId,
      optionIds: tripPollVotes.optionIds,
      name: user.name,
    })
    .from(tripPollVotes)
    .innerJoin(user, eq(user.id, tripPollVotes.userId))
    .where(
      inArray(
        tripPollVotes.pollId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(tripPollVotes.updatedAt, tripPollVotes.userId);
  const creatorIds = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const creators =
    creatorIds.length === 0
      ? []
      : await db
          .select({ id: user.id, name: user.name })
          .from(user)
          .where(inArray(user.id, creatorIds));
  const names = new Map(creators.map((c) => [c.id, c.name]));
  const now = new Date();
  return rows.map((row) => {
    const mine = votes.filter((v) => v.pollId === row.id);
    return {
      id: row.id,
      tripId: row.tripId,
      question: row.question,
      options: row.options.map((o) => {
        const voters = mine
          .filter((v) => v.optionIds.includes(o.id))
          .map((v) => ({ userId: v.userId, name: v.name }));
        return { ...o, votes: voters.length, voters };
      }),
      multiple: row.multiple,
      closesAt: row.closesAt?.toISOString() ?? null,
      closed: isClosed(row, now),
      closedAt: row.closedAt?.toISOString() ?? null,
      createdBy: row.createdBy,
      createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      myVote: mine.find((v) => v.userId === readerId)?.optionIds ?? [],
      voterCount: mine.filter((v) => v.optionIds.length > 0).length,
    };
  });
}

/** Open polls first, then closed ones (which keep their result); newest first within each. */
export async function listPolls(db: Db, tripId: string, readerId: string): Promise<Poll[]> {
  const rows = await db
    .select()
    .from(tripPolls)
    .where(eq(tripPolls.tripId, tripId))
    .orderBy(desc(tripPolls.createdAt), desc(tripPolls.id));
  const polls = await toPolls(db, rows, readerId);
  return [...polls.filter((p) => !p.closed), ...polls.filter((p) => p.closed)];
}

async function findPollRow(db: Reader, tripId: string, pollId: string): Promise<TripPollRow> {
  if (!isUuid(pollId)) throw notFound(POLL_NOT_FOUND);
  const [row] = await db
    .select()
    .from(tripPolls)
    .where(and(eq(tripPolls.id, pollId), eq(tripPolls.tripId, tripId)))
    .limit(1);
  if (!row) throw notFound(POLL_NOT_FOUND);
  return row;
}

/** Each option with its id and words; an idea must be one of this trip's (422 naming it). */
async function optionsOf(db: Reader, tripId: string, inputs: PollOptionInput[]) {
  const ideaIds = inputs.flatMap((o) => ("ideaId" in o ? [o.ideaId] : []));
  const ideas =
    ideaIds.length === 0
      ? []
      : await db
          .select({ id: tripIdeas.id, title: tripIdeas.title })
          .from(tripIdeas)
          .where(and(eq(tripIdeas.tripId, tripId), inArray(tripIdeas.id, ideaIds)));
  const titles = new Map(ideas.map((i) => [i.id, i.title]));
  return inputs.map((o, index): PollOptionRow => {
    const base = { id: randomUUID(), text: null, from: null, to: null, ideaId: null };
    if ("text" in o) return { ...base, text: o.text, label: o.text };
    if ("from" in o) {
      const label =
        o.from === o.to
          ? formatDayLabel(o.from)
          : `${formatDayLabel(o.from)} – ${formatDayLabel(o.to)}`;
      return { ...base, from: o.from, to: o.to, label };
    }
    const title = titles.get(o.ideaId);
    if (title === undefined)
      throw invalid(["options", index, "ideaId"], "Choose one of the trip's ideas");
    return { ...base, ideaId: o.ideaId, label: title };
  });
}

async function readPoll(db: Reader, tripId: string, pollId: string, readerId: string) {
  const [poll] = await toPolls(db, [await findPollRow(db, tripId, pollId)], readerId);
  return poll!;
}

export async function createPoll(
  db: Db,
  live: Live,
  trip: TripRow,
  byUserId: string,
  values: PollValues,
): Promise<Poll> {
  const closesAt = values.closesAt ? new Date(values.closesAt) : null;
  if (closesAt && closesAt <= new Date())
    throw invalid(["closesAt"], "Closing time must be in the future");
  const options = await optionsOf(db, trip.id, values.options);
  const { row, tripVersion } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(tripPolls)
      .values({
        tripId: trip.id,
        question: values.question,
        options,
        multiple: values.multiple ?? false,
        closesAt,
        createdBy: byUserId,
      })
      .returning();
    if (!inserted) throw new Error("insert returned no row");
    const version = await bumpTrip(tx, trip, byUserId, `Asked ${quoted(values.question)}`);
    return { row: inserted, tripVersion: version };
  });
  await live.publishChange(trip.id, tripVersion);
  const [poll] = await toPolls(db, [row], byUserId);
  return poll!;
}

/**
 * The caller's choice replaces their last one (one row each: people voting at once are all
 * counted); an empty choice takes the vote back. Any member votes: a vote is not an edit.
 */
export async function votePoll(
  db: Db,
  live: Live,
  trip: TripRow,
  byUserId: string,
  pollId: string,
  optionIds: string[],
): Promise<Poll> {
  const poll = await findPollRow(db, trip.id, pollId);
  if (isClosed(poll, new Date())) throw invalid(["optionIds"], POLL_CLOSED);
  const chosen = [...new Set(optionIds)];
  const known = new Set(poll.options.map((o) => o.id));
  if (chosen.some((id) => !known.has(id)))
    throw invalid(["optionIds"], "Choose among the poll's options");
  if (!poll.multiple && chosen.length > 1)
    throw invalid(["optionIds"], "This poll takes one choice (at most 1 option)");
  const tripVersion = await db.transaction(async (tx) => {
    const mine = and(eq(tripPollVotes.pollId, poll.id), eq(tripPollVotes.userId, byUserId));
    if (chosen.length === 0) await tx.delete(tripPollVotes).where(mine);
    else
      await tx
        .insert(tripPollVotes)
        .values({ pollId: poll.id, userId: byUserId, optionIds: chosen })
        .onConflictDoUpdate({
          target: [tripPollVotes.pollId, tripPollVotes.userId],
          set: { optionIds: chosen, updatedAt: new Date() },
        });
    const words = chosen.length === 0 ? "Took back a vote on" : "Voted on";
    return bumpTrip(tx, trip, byUserId, `${words} ${quoted(poll.question)}`);
  });
  await live.publishChange(trip.id, tripVersion);
  return readPoll(db, trip.id, poll.id, byUserId);
}

/** The creator or the owner closes a poll; it keeps its result. Closing a closed one changes nothing. */
export async function closePoll(
  db: Db,
  live: Live,
  trip: TripRow,
  reader: { userId: string; role: TripRole },
  pollId: string,
): Promise<Poll> {
  const poll = await findPollRow(db, trip.id, pollId);
  if (reader.role !== "owner" && poll.createdBy !== reader.userId)
    throw forbidden(POLL_CLOSE_REFUSED);
  if (poll.closedAt) return readPoll(db, trip.id, poll.id, reader.userId);
  const tripVersion = await db.transaction(async (tx) => {
    await tx.update(tripPolls).set({ closedAt: new Date() }).where(eq(tripPolls.id, poll.id));
    return bumpTrip(tx, trip, reader.userId, `Closed the poll ${quoted(poll.question)}`);
  });
  await live.publishChange(trip.id, tripVersion);
  return readPoll(db, trip.id, poll.id, reader.userId);
}
