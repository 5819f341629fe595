import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { TripListQuery, TripSort, TripSummary } from "#shared/schemas/trip-list.ts";
import type { Db } from "../db/client.ts";
import { trips } from "../db/schema.ts";
import { AppError } from "./http-errors.ts";
import { toTripSummaryDto } from "./trip-dto.ts";

/**
 * The keyset cursor: the sort key of the last trip on the page plus its id (the tie-breaker).
 * Timestamps keep microseconds (a JS Date would drop them and skip or repeat trips).
 */
const cursorSchema = z.union([
  z.object({
    s: z.enum(["newest", "oldest"]),
    k: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
      .refine((k) => {
        const ms = Date.parse(`${k.slice(0, 23)}Z`);
        return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === k.slice(0, 19);
      }),
    id: z.uuid(),
  }),
  z.object({ s: z.enum(["budget_desc", "budget_asc"]), k: z.number().finite(), id: z.uuid() }),
]);
type Cursor = z.infer<typeof cursorSchema>;

const invalidCursor = () => new AppError(422, "invalid_input", "Invalid cursor");

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(raw: string, sort: TripSort): Cursor {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorSchema.safeParse(json);
  // A cursor from another sort order points into a different sequence.
  if (!parsed.success || parsed.data.s !== sort) throw invalidCursor();
  return parsed.data;
}

const createdKey = sql<string>`to_char(${trips.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function afterCursor(cursor: Cursor): SQL {
  switch (cursor.s) {
    case "newest":
      return sql`(${trips.createdAt}, ${trips.id}) < (${cursor.k}::timestamptz, ${cursor.id}::uuid)`;
    case "oldest":
      return sql`(${trips.createdAt}, ${trips.id}) > (${cursor.k}::timestamptz, ${cursor.id}::uuid)`;
    case "budget_desc":
      return sql`(${trips.budget}, ${trips.id}) < (${cursor.k}::numeric, ${cursor.id}::uuid)`;
    case "budget_asc":
      return sql`(${trips.budget}, ${trips.id}) > (${cursor.k}::numeric, ${cursor.id}::uuid)`;
  }
}

// Each order is exactly an index on (user_id, …, id), read forwards or backwards. The NULLS clauses
// matter though the columns are NOT NULL: the planner matches them literally (drizzle-kit built
// trips_user_created_idx as DESC NULLS LAST), and a mismatch means a sort of every trip.
const ORDER: Record<TripSort, SQL[]> = {
  newest: [sql`${trips.createdAt} desc nulls last`, sql`${trips.id} desc nulls last`],
  oldest: [sql`${trips.createdAt} asc nulls first`, sql`${trips.id} asc nulls first`],
  budget_asc: [sql`${trips.budget} asc nulls last`, sql`${trips.id} asc nulls last`],
  budget_desc: [sql`${trips.budget} desc nulls first`, sql`${trips.id} desc nulls first`],
};

/** The page query: filtered, searched, sorted and paged in SQL (exported so tests can EXPLAIN it). */
export function tripListQuery(db: Db, userId: string, query: TripListQuery) {
  const where: (SQL | undefined)[] = [eq(trips.userId, userId)];
  // strpos, not ILIKE: the user's text is never a pattern, so % and _ need no escaping.
  if (query.q) where.push(sql`strpos(${trips.searchText}, lower(${query.q})) > 0`);
  if (query.destination)
    where.push(sql`strpos(lower(${trips.destination}), lower(${query.destination})) > 0`);
  if (query.style) where.push(eq(trips.travelStyle, query.style));
  if (query.minBudget !== undefined) where.push(gte(trips.budget, query.minBudget));
  if (query.maxBudget !== undefined) where.push(lte(trips.budget, query.maxBudget));
  if (query.status) where.push(eq(trips.status, query.status));
  if (query.cursor) where.push(afterCursor(decodeCursor(query.cursor, query.sort)));

  return db
    .select({
      id: trips.id,
      destination: trips.destination,
      startDate: trips.startDate,
      endDate: trips.endDate,
      budget: trips.budget,
      travelStyle: trips.travelStyle,
      interests: trips.interests,
      status: trips.status,
      isPublic: trips.isPublic,
      createdAt: trips.createdAt,
      version: trips.version,
      createdKey,
    })
    .from(trips)
    .where(and(...where))
    .orderBy(...ORDER[query.sort])
    .limit(query.limit + 1);
}

/** One page of the user's trips and the cursor of the next one (null on the last page). */
export async function listTrips(
  db: Db,
  userId: string,
  query: TripListQuery,
): Promise<{ trips: TripSummary[]; nextCursor: string | null }> {
  const rows = await tripListQuery(db, userId, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor(
          query.sort === "newest" || query.sort === "oldest"
            ? { s: query.sort, k: last.createdKey, id: last.id }
            : { s: query.sort, k: Number(last.budget), id: last.id },
        )
      : null;

  return {
    trips: page.map(toTripSummaryDto),
    nextCursor,
  };
}
