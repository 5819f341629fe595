import { and, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { ACCESS_MESSAGES, type TripRole } from "#shared/constants.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { Db, NamedStatement } from "../db/database.ts";
import { tripMembers, trips, user, type TripRow } from "../db/schema.ts";
import { AppError, notFound } from "../lib/http-errors.ts";
import type { SessionReader } from "../auth/session.ts";
import type { TripAccess, TripDetailRow } from "./trip-dto.ts";
import { withDurations } from "../planner/activity-duration.ts";

const uuid = z.uuid();

/** What a route needs of the reader: to see the trip, to change its plan, or to be its owner. */
export type TripNeed = "view" | "edit" | "own";

const RANK: Record<TripRole, number> = { viewer: 0, editor: 1, owner: 2 };
const NEED: Record<TripNeed, number> = { view: 0, edit: 1, own: 2 };

export const forbidden = (message: string) => new AppError(403, "forbidden", message);

/**
 * 403 when a member's role is below what the route needs (a non-member never gets here: 404).
 * The message says what the reader may do instead.
 */
export function assertRole(role: TripRole, need: TripNeed): void {
  if (RANK[role] >= NEED[need]) return;
  throw forbidden(role === "viewer" ? ACCESS_MESSAGES.viewOnly : ACCESS_MESSAGES.ownerOnly);
}

// The role as SQL: the owner is trips.user_id, companions have a row in trip_members.
const ROLE_SQL = `case when t.user_id = $1 then 'owner' else m.role end`;

// Like the list's columns (trip-list.ts): dates and createdAt as text, the interests as JSON.
const MEMBER_TRIP: NamedStatement = {
  name: "trip_member",
  text: `select t.id, t.name, t.destination, to_char(t.start_date, 'YYYY-MM-DD') as "startDate",
    to_char(t.end_date, 'YYYY-MM-DD') as "endDate", t.budget, t.travel_style as "travelStyle",
    array_to_json(t.interests) as interests, t.itinerary, t.status, t.is_public as "isPublic",
    to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    t.version, t.place, t.stops, t.transport, t.stays, t.grounding, t.share_token as "shareToken",
    t.settlement_currency as "settlementCurrency", t.travel_mode as "travelMode", t.party,
    ${ROLE_SQL} as role, o.name as "ownerName"
    from trips t
    left join trip_members m on m.trip_id = t.id and m.user_id = $1
    join "user" o on o.id = t.user_id
    where t.id = $2 and t.deleted_at is null and (t.user_id = $1 or m.user_id is not null)`,
};

/**
 * The hot read (GET /api/trips/:id): a trip the signed-in user is a member of, with their role and
 * the owner's name, through one prepared statement in the same round trip as their session (401
 * without one), or 404 'Trip not found' (a missing id, a trip they are not on, a non-UUID).
 */
export async function readMemberTrip(
  session: SessionReader,
  id: string,
): Promise<TripDetailRow & TripAccess> {
  if (!uuid.safeParse(id).success) {
    await session.requireUser();
    throw notFound(MESSAGES.tripNotFound);
  }
  const { rows } = await session.readAsUser<TripDetailRow & TripAccess>(MEMBER_TRIP, [id]);
  const row = rows[0];
  if (!row) throw notFound(MESSAGES.tripNotFound);
  return row;
}

export type TripFor = { row: TripRow } & TripAccess;

/**
 * The one access check of a trip's routes: the whole row (for changing it), the reader's role and
 * the owner's name. 404 'Trip not found' when the user is not on the trip (or it is missing or the
 * id malformed), exactly as for a stranger; 403 `forbidden` when their role is below `need`.
 */
export async function findTripFor(
  db: Db,
  userId: string,
  id: string,
  need: TripNeed,
): Promise<TripFor> {
  const found = await findTripForOrNull(db, userId, id);
  if (!found) throw notFound(MESSAGES.tripNotFound);
  assertRole(found.role, need);
  return found;
}

/** A trip the user is on, with their role, or null (for context that may be absent: the chat). */
export async function findTripForOrNull(
  db: Db,
  userId: string,
  id: string,
): Promise<TripFor | null> {
  if (!uuid.safeParse(id).success) return null;
  const [found] = await db
    .select({ row: trips, memberRole: tripMembers.role, ownerName: user.name })
    .from(trips)
    .leftJoin(tripMembers, and(eq(tripMembers.tripId, trips.id), eq(tripMembers.userId, userId)))
    .innerJoin(user, eq(user.id, trips.userId))
    .where(
      and(
        eq(trips.id, id),
        isNull(trips.deletedAt),
        or(eq(trips.userId, userId), sql`${tripMembers.userId} is not null`),
      ),
    )
    .limit(1);
  if (!found) return null;
  const role: TripRole = found.row.userId === userId ? "owner" : (found.memberRole as TripRole);
  // What every change starts from: a trip stored before activities had a length gets estimates,
  // written back with its next save.
  const row = { ...found.row, itinerary: withDurations(found.row.itinerary) };
  return { row, role, ownerName: found.ownerName };
}
