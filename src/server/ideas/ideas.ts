import { and, count, desc, eq, inArray } from "drizzle-orm";
import { readIdeaLink } from "#shared/idea-link.ts";
import {
  byVotes,
  MAX_IDEAS_PER_TRIP,
  type Idea,
  type IdeaPlace,
  type IdeaStatus,
  type IdeaVote,
  type ideaInputSchema,
  type ideaPatchSchema,
} from "#shared/schemas/ideas.ts";
import type { z } from "zod";
import type { Db } from "../db/database.ts";
import { tripIdeas, tripIdeaVotes, user, type TripIdeaRow, type TripRow } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { isUuid } from "../lib/is-uuid.ts";
import { toIdeaDto, votersOf } from "./idea-dto.ts";
import { bumpTrip, invalid, quoted, type Live, type Tx } from "./trip-change.ts";

export const IDEA_NOT_FOUND = "Idea not found";

export type IdeaValues = z.output<typeof ideaInputSchema>;
export type IdeaPatchValues = z.output<typeof ideaPatchSchema>;

type Reader = Pick<Db, "select">;

async function withVotes(db: Reader, rows: TripIdeaRow[]): Promise<Idea[]> {
  const voters = await votersOf(
    db,
    rows.map((r) => r.id),
  );
  const authorIds = [...new Set(rows.flatMap((r) => (r.addedBy ? [r.addedBy] : [])))];
  const authors =
    authorIds.length === 0
      ? []
      : await db
          .select({ id: user.id, name: user.name })
          .from(user)
          .where(inArray(user.id, authorIds));
  const names = new Map(authors.map((a) => [a.id, a.name]));
  return rows.map((row) =>
    toIdeaDto(row, voters.get(row.id) ?? [], row.addedBy ? (names.get(row.addedBy) ?? null) : null),
  );
}

/** Where each of the plan's activities is: its day. */
const activityDays = (trip: Pick<TripRow, "itinerary">) =>
  new Map(trip.itinerary.days.flatMap((day) => day.activities.map((a) => [a.id, day.date])));

/**
 * A planned idea whose activity has left the plan (removed from its day, in any way: the editor, the
 * assistant, a restored version) is an idea again; one whose activity moved follows it to its day.
 * Read from the plan itself, so no path that changes the plan has to remember the ideas.
 */
async function followPlan(db: Db, trip: TripRow, rows: TripIdeaRow[]): Promise<TripIdeaRow[]> {
  const days = activityDays(trip);
  const out: TripIdeaRow[] = [];
  for (const row of rows) {
    if (row.status !== "planned" || !row.plannedActivityId) {
      out.push(row);
      continue;
    }
    const date = days.get(row.plannedActivityId);
    if (date === row.plannedDate) {
      out.push(row);
      continue;
    }
    const next =
      date === undefined
        ? { status: "idea", plannedActivityId: null, plannedDate: null }
        : { plannedDate: date };
    const [updated] = await db
      .update(tripIdeas)
      .set(next)
      .where(and(eq(tripIdeas.id, row.id), eq(tripIdeas.status, "planned")))
      .returning();
    out.push(updated ?? row);
  }
  return out;
}

/** The trip's ideas, most voted first, ties by newest. */
export async function listIdeas(db: Db, trip: TripRow): Promise<Idea[]> {
  const rows = await db
    .select()
    .from(tripIdeas)
    .where(eq(tripIdeas.tripId, trip.id))
    .orderBy(desc(tripIdeas.createdAt), desc(tripIdeas.id));
  return (await withVotes(db, await followPlan(db, trip, rows))).sort(byVotes);
}

async function findIdeaRow(db: Reader, tripId: string, ideaId: string): Promise<TripIdeaRow> {
  if (!isUuid(ideaId)) throw notFound(IDEA_NOT_FOUND);
  const [row] = await db
    .select()
    .from(tripIdeas)
    .where(and(eq(tripIdeas.id, ideaId), eq(tripIdeas.tripId, tripId)))
    .limit(1);
  if (!row) throw notFound(IDEA_NOT_FOUND);
  return row;
}

export async function findIdea(db: Db, trip: TripRow, ideaId: string): Promise<Idea> {
  const [row] = await followPlan(db, trip, [await findIdeaRow(db, trip.id, ideaId)]);
  const [idea] = await withVotes(db, [row!]);
  return idea!;
}

/** The title and the place the request left out, read from its link (never fetched). */
function fromLink(values: IdeaValues): { title: string; place: IdeaPlace | null } {
  const reading = values.url ? readIdeaLink(values.url) : null;
  const title = values.title ?? reading?.title ?? null;
  if (!title) throw invalid(["title"], "Title is required");
  const place =
    values.place ??
    (reading?.point
      ? { name: title, ...reading.point, osmId: reading.osmId, openingHours: null }
      : null);
  return { title, place };
}

type Change = { idea: Idea; tripVersion: number };

/** Runs a change of one idea with its history line, then tells the trip's open pages. */
async function changeIdea(
  db: Db,
  live: Live,
  trip: TripRow,
  byUserId: string,
  work: (tx: Tx) => Promise<{ row: TripIdeaRow; summary: string }>,
  via?: string,
): Promise<Change> {
  const saved = await db.transaction(async (tx) => {
    const { row, summary } = await work(tx);
    const tripVersion = await bumpTrip(tx, trip, byUserId, summary, via);
    const [idea] = await withVotes(tx, [row]);
    return { idea: idea!, tripVersion };
  });
  await live.publishChange(trip.id, saved.tripVersion);
  return saved;
}

export async function addIdea(
  db: Db,
  live: Live,
  trip: TripRow,
  byUserId: string,
  values: IdeaValues,
  /** The assistant that added it through /mcp (its name), for the history. */
  via?: string,
): Promise<Change> {
  const { title, place } = fromLink(values);
  return changeIdea(
    db,
    live,
    trip,
    byUserId,
    async (tx) => {
      const [held] = await tx
        .select({ n: count() })
        .from(tripIdeas)
        .where(eq(tripIdeas.tripId, trip.id));
      if ((held?.n ?? 0) >= MAX_IDEAS_PER_TRIP)
        throw invalid(["title"], `A trip can have at most ${MAX_IDEAS_PER_TRIP} ideas`);
      const [row] = await tx
        .insert(tripIdeas)
        .values({
          tripId: trip.id,
          title,
          note: values.note ?? "",
          url: values.url ?? null,
          place,
          addedBy: byUserId,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      return { row, summary: `Added an idea: ${quoted(title)}` };
    },
    via,
  );
}

export async function updateIdea(
  db: Db,
  live: Live,
  trip: TripRow,
  byUserId: string,
  ideaId: string,
  patch: IdeaPatchValues,
): Promise<Change> {
  const current = await findIdeaRow(db, trip.id, ideaId);
  return changeIdea(db, live, trip, byUserId, async (tx) => {
    const [row] = await tx
      .update(tripIdeas)
      .set({
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.note !== undefined ? { note: patch.note } : {}),
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.place !== undefined ? { place: patch.place } : {}),
        updatedAt: new Date(),
      })
      .where(eq(tripIdeas.id, current.id))
      .returning();
    if (!row) throw notFound(IDEA_NOT_FOUND);
    return { row, summary: `Changed an idea: ${quoted(row.title)}` };
  });
}

export async function removeIdea(
  db: Db,
  live: Live,
  trip: TripRow,
  byUserId: string,
  ideaId: string,
): Promise<number> {
  const current = await findIdeaRow(db, trip.id, ideaId);
  const tripVersion = await db.transaction(async (tx) => {
    const [row] = await tx.delete(tripIdeas).where(eq(tripIdeas.id, current.id)).returning();
    if (!row) throw notFound(IDEA_NOT_FOUND);
    return bumpTrip(tx, trip, byUserId, `Removed an idea: ${quoted(row.title)}`);
  });
  await live.publishChange(trip.id, tripVersion);
  return tripVersion;
}

const VOTE_WORDS: Record<IdeaVote | "none", string> = {
  up: "Voted for an idea",
  down: "Voted against an idea",
  none: "Took back a vote on an idea",
};

/** The caller's own vote (one row per person: two people voting at once are both counted). */
export async function voteIdea(
  db: Db,
  live: Live,
  trip: TripRow,
  byUserId: string,
  ideaId: string,
  vote: IdeaVote | null,
): Promise<Change> {
  const current = await findIdeaRow(db, trip.id, ideaId);
  return changeIdea(db, live, trip, byUserId, async (tx) => {
    const mine = and(eq(tripIdeaVotes.ideaId, current.id), eq(tripIdeaVotes.userId, byUserId));
    if (vote === null) await tx.delete(tripIdeaVotes).where(mine);
    else
      await tx
        .insert(tripIdeaVotes)
        .values({ ideaId: current.id, userId: byUserId, vote })
        .onConflictDoUpdate({
          target: [tripIdeaVotes.ideaId, tripIdeaVotes.userId],
          set: { vote },
        });
    return { row: current, summary: `${VOTE_WORDS[vote ?? "none"]}: ${quoted(current.title)}` };
  });
}

/**
 * Dismissed ("not for us") or back on the list. A planned idea dismissed keeps its activity in the
 * plan (removing it is the plan's own change); restored, it is an idea again.
 */
export async function setIdeaStatus(
  db: Db,
  live: Live,
  trip: TripRow,
  byUserId: string,
  ideaId: string,
  status: Extract<IdeaStatus, "idea" | "dismissed">,
): Promise<Change> {
  const current = await findIdeaRow(db, trip.id, ideaId);
  return changeIdea(db, live, trip, byUserId, async (tx) => {
    const [row] = await tx
      .update(tripIdeas)
      .set({ status, plannedActivityId: null, plannedDate: null, updatedAt: new Date() })
      .where(eq(tripIdeas.id, current.id))
      .returning();
    if (!row) throw notFound(IDEA_NOT_FOUND);
    const verb = status === "dismissed" ? "Dismissed an idea" : "Restored an idea";
    return { row, summary: `${verb}: ${quoted(row.title)}` };
  });
}
