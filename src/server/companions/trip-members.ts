import { and, asc, eq, inArray } from "drizzle-orm";
import { SIGNED_URL_TTL_SECONDS, type MemberRole, type TripRole } from "#shared/constants.ts";
import type { TripMember, TripMembersResponse } from "#shared/schemas/trip-members.ts";
import type { Db } from "../db/database.ts";
import { profiles, tripMembers, trips, user } from "../db/schema.ts";
import type { Storage } from "../services/storage/storage.ts";
import type { Logger } from "../lib/logger.ts";
import { openInvites } from "./trip-invites.ts";

/** Told once per person whose access to a trip ended (see AppDeps.onAccessEnded). */
export type AccessEnded = (tripId: string, userId: string) => void;

type PersonRow = { userId: string; name: string; avatarKey: string | null; image: string | null };

/** The avatar as a link signed now (like the profile's), the provider's picture, or none. */
async function imageOf(person: PersonRow, storage: Storage, logger: Logger) {
  if (!person.avatarKey) return person.image;
  try {
    return await storage.signedUrl(person.avatarKey, SIGNED_URL_TTL_SECONDS);
  } catch (error) {
    logger.error({ err: error, userId: person.userId }, "signing avatar link failed");
    return null;
  }
}

/**
 * Everyone on the trip, the owner first, then companions in the order they joined; the pending
 * invitations (with their addresses) only when the owner asks.
 */
export async function listMembers(
  deps: { db: Db; storage: Storage; logger: Logger },
  trip: { id: string; userId: string },
  readerRole: TripRole,
): Promise<TripMembersResponse> {
  const { db } = deps;
  const people = {
    userId: user.id,
    name: user.name,
    image: user.image,
    avatarKey: profiles.avatarKey,
  };
  const [owner] = await db
    .select(people)
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, trip.userId));
  const companions = await db
    .select({ ...people, role: tripMembers.role })
    .from(tripMembers)
    .innerJoin(user, eq(user.id, tripMembers.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(tripMembers.tripId, trip.id))
    .orderBy(asc(tripMembers.createdAt), asc(user.id));
  const all = [...(owner ? [{ ...owner, role: "owner" }] : []), ...companions];
  const members: TripMember[] = await Promise.all(
    all.map(async (person) => ({
      userId: person.userId,
      name: person.name,
      image: await imageOf(person, deps.storage, deps.logger),
      role: person.role as TripRole,
    })),
  );
  const invites = readerRole === "owner" ? await openInvites(db, trip.id) : [];
  return { members, invites };
}

/** A companion's new role; null when they are not a companion of the trip (the owner is not one). */
export async function changeRole(
  deps: { db: Db; storage: Storage; logger: Logger },
  tripId: string,
  userId: string,
  role: MemberRole,
): Promise<TripMember | null> {
  const { db } = deps;
  const [row] = await db
    .update(tripMembers)
    .set({ role })
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)))
    .returning({ userId: tripMembers.userId });
  if (!row) return null;
  const [person] = await db
    .select({ userId: user.id, name: user.name, image: user.image, avatarKey: profiles.avatarKey })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!person) return null;
  return {
    userId: person.userId,
    name: person.name,
    image: await imageOf(person, deps.storage, deps.logger),
    role,
  };
}

/** Removes a companion; false when they were not one. Their access ends at once. */
export async function removeMember(
  db: Db,
  tripId: string,
  userId: string,
  onAccessEnded: AccessEnded,
): Promise<boolean> {
  const removed = await db
    .delete(tripMembers)
    .where(and(eq(tripMembers.tripId, tripId), eq(tripMembers.userId, userId)))
    .returning({ userId: tripMembers.userId });
  if (removed.length === 0) return false;
  onAccessEnded(tripId, userId);
  return true;
}

/**
 * Before an account is deleted: the trips it was a companion on (its own trips go with it, and
 * everyone on them loses access), so the live layer can be told after the deletion.
 */
export async function accessOfAccount(db: Db, userId: string) {
  const own = await db.select({ id: trips.id }).from(trips).where(eq(trips.userId, userId));
  const ownIds = own.map((t) => t.id);
  const companionsOfOwn =
    ownIds.length === 0
      ? []
      : await db
          .select({ tripId: tripMembers.tripId, userId: tripMembers.userId })
          .from(tripMembers)
          .where(inArray(tripMembers.tripId, ownIds));
  const joined = await db
    .select({ tripId: tripMembers.tripId })
    .from(tripMembers)
    .where(eq(tripMembers.userId, userId));
  return [
    ...ownIds.map((tripId) => ({ tripId, userId })),
    ...companionsOfOwn,
    ...joined.map((m) => ({ tripId: m.tripId, userId })),
  ];
}
