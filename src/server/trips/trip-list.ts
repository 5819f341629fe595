import { z } from "zod";
import type { TripRole, TripSort } from "#shared/constants.ts";
import type { TripListQuery, TripSummary } from "#shared/schemas/trip-list.ts";
import type { Database, NamedStatement } from "../db/database.ts";
import { AppError } from "../lib/http-errors.ts";
import type { TripSummaryRow } from "./trip-dto.ts";

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

// The list's columns, named like the row type. Dates as text (no Date at local midnight, no date
// parsing per row), the interests as JSON (read as JSON with the session anyway, and one native
// parse instead of the text-array parser in a plain read), and the sort key of created_at with its
// microseconds, for the cursor and for createdAt (see createdAtOf).
const COLUMNS = `id, name, destination, to_char(start_date, 'YYYY-MM-DD') as "startDate",
  to_char(end_date, 'YYYY-MM-DD') as "endDate", budget, travel_style as "travelStyle",
  array_to_json(interests) as interests, status, is_public as "isPublic", version,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdKey",
  card_points as "points"`;

/**
 * createdAt as the API gives it, the ISO string of a JS Date, from the sort key: a Date keeps
 * milliseconds and drops the rest (truncates), like cutting the key after its third decimal.
 */
const createdAtOf = (key: string) => `${key.slice(0, 23)}Z`;

// Each order is exactly an index on (user_id, …, id) for the user's own trips, read forwards or backwards. The NULLS clauses
// matter though the columns are NOT NULL: the planner matches them literally (drizzle-kit built
// trips_user_created_idx as DESC NULLS LAST), and a mismatch means a sort of every trip.
const ORDER: Record<TripSort, string> = {
  newest: "created_at desc nulls last, id desc nulls last",
  oldest: "created_at asc nulls first, id asc nulls first",
  budget_asc: "budget asc nulls last, id asc nulls last",
  budget_desc: "budget desc nulls first, id desc nulls first",
};

// The cursor bounds the index scan itself (a row comparison), so a deep page costs what the first does.
const AFTER: Record<TripSort, (k: string, id: string) => string> = {
  newest: (k, id) => `(created_at, id) < (${k}::timestamptz, ${id}::uuid)`,
  oldest: (k, id) => `(created_at, id) > (${k}::timestamptz, ${id}::uuid)`,
  budget_desc: (k, id) => `(budget, id) < (${k}::numeric, ${id}::uuid)`,
  budget_asc: (k, id) => `(budget, id) > (${k}::numeric, ${id}::uuid)`,
};

export type TripListRow = Omit<TripSummaryRow, "createdAt"> & {
  createdKey: string;
  /** The card's map (migration 0012's card_points): JSON text from PGlite's raw reads, else parsed. */
  points: [number, number][] | string;
  role: TripRole;
  ownerName: string;
};

const pointsOf = (value: [number, number][] | string): [number, number][] =>
  typeof value === "string" ? (JSON.parse(value) as [number, number][]) : value;

// The merged page's order, on the branches' output columns (createdKey sorts as its time does).
const OUTER_ORDER: Record<TripSort, string> = {
  newest: `"createdKey" desc, id desc`,
  oldest: `"createdKey" asc, id asc`,
  budget_asc: "budget asc, id asc",
  budget_desc: "budget desc, id desc",
};

// Which trips a branch reads: the user's own (along the trips_user_* indexes) or the ones shared
// with them (through trip_members_user_idx; a companion's trips are few).
const SOURCE = {
  owner: { from: "user_id = $1 and deleted_at is null", role: "'owner'" },
  shared: {
    from: "id in (select trip_id from trip_members where user_id = $1) and deleted_at is null",
    role: "(select role from trip_members where trip_id = trips.id and user_id = $1)",
  },
} as const;

/**
 * The page query as one named statement per shape (which filters are set, which order, whether a
 * cursor is given, own or shared trips or both): the text depends only on the shape, the values are
 * parameters, so each shape is prepared once per connection and nothing is built per request. The
 * user's id is `$1`; `params` are `$2`… (the route reads it joined to the session:
 * readAsSessionUser). Own and shared trips are two branches, each its own page in order (the own
 * one straight along an index), merged and cut to one page: a sort of at most two pages, never of
 * every trip. Exported so tests can EXPLAIN it.
 */
export function tripListQuery(query: TripListQuery) {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value) + 1}`;
  const where: string[] = [];
  let shape: string = query.sort;
  // strpos, not ILIKE: the user's text is never a pattern, so % and _ need no escaping.
  if (query.q) {
    const q = param(query.q);
    // The trip's own name is not in search_text (a generated column of the destination and plan).
    where.push(
      `(strpos(search_text, lower(${q}::text)) > 0 or strpos(lower(name), lower(${q}::text)) > 0)`,
    );
    shape += "_q";
  }
  if (query.destination) {
    where.push(`strpos(lower(destination), lower(${param(query.destination)}::text)) > 0`);
    shape += "_d";
  }
  if (query.style) {
    where.push(`travel_style = ${param(query.style)}`);
    shape += "_s";
  }
  if (query.minBudget !== undefined) {
    where.push(`budget >= ${param(query.minBudget)}`);
    shape += "_min";
  }
  if (query.maxBudget !== undefined) {
    where.push(`budget <= ${param(query.maxBudget)}`);
    shape += "_max";
  }
  if (query.status) {
    where.push(`status = ${param(query.status)}`);
    shape += "_st";
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort);
    where.push(AFTER[query.sort](param(cursor.k), param(cursor.id)));
    shape += "_c";
  }
  if (query.role) shape += `_${query.role}`;
  const limit = param(query.limit + 1);
  let statement = STATEMENTS.get(shape);
  if (!statement) {
    const branch = (source: keyof typeof SOURCE) =>
      `select ${COLUMNS}, ${SOURCE[source].role} as role,
        (select name from "user" where id = trips.user_id) as "ownerName"
      from trips where ${[SOURCE[source].from, ...where].join(" and ")}
      order by ${ORDER[query.sort]} limit ${limit}`;
    const text = query.role
      ? branch(query.role)
      : `select * from ((${branch("owner")}) union all (${branch("shared")})) page
        order by ${OUTER_ORDER[query.sort]} limit ${limit}`;
    statement = { name: `trips_list_${shape}`, text };
    STATEMENTS.set(shape, statement);
  }
  return { statement, params };
}

// One statement per shape, built on its first use (there are a few hundred shapes at most).
const STATEMENTS = new Map<string, NamedStatement>();

/** One page of the user's trips (own and shared) and the next page's cursor (null on the last). */
export async function listTrips(database: Database, userId: string, query: TripListQuery) {
  const { statement, params } = tripListQuery(query);
  return tripListPage(await database.query<TripListRow>(statement, [userId, ...params]), query);
}

/** The answer for the rows of tripListQuery: one page and the next page's cursor (or null). */
export function tripListPage(
  rows: TripListRow[],
  query: TripListQuery,
): { trips: TripSummary[]; nextCursor: string | null } {
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

  return { trips: page.map(toListSummary), nextCursor };
}

/**
 * A card from a list row: toTripSummaryDto's fields in its order, built straight from the row. A
 * copy of each row with createdAt spread in, passed to the DTO function every other read shares,
 * cost a third of the list's own work under load (a CPU profile).
 */
function toListSummary(row: TripListRow): TripSummary {
  return {
    id: row.id,
    name: row.name,
    destination: row.destination,
    startDate: row.startDate,
    endDate: row.endDate,
    budget: Number(row.budget),
    travelStyle: row.travelStyle as TripSummary["travelStyle"],
    interests: row.interests,
    status: row.status,
    isPublic: row.isPublic,
    createdAt: createdAtOf(row.createdKey),
    version: row.version,
    points: pointsOf(row.points),
    role: row.role,
    owner: { name: row.ownerName },
  };
}
