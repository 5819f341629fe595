import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import {
  ACCESS_MESSAGES,
  INVITE_TTL_DAYS,
  MEMBER_ROLE_LABELS,
  type MemberRole,
  type TripRole,
} from "#shared/constants.ts";
import { formatDayLabel } from "#shared/format.ts";
import type { AcceptInviteResponse, Invitation, TripInvite } from "#shared/schemas/trip-members.ts";
import type { Db } from "../db/database.ts";
import { tripInvites, tripMembers, trips, user, type TripRow } from "../db/schema.ts";
import { AppError } from "../lib/http-errors.ts";
import type { Mailer } from "../services/mail/mailer.ts";
import { tripInviteMail } from "../services/mail/templates.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The link's token: 32 random bytes as base64url (43 characters). */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Only this is stored: a database leak gives no working link.
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Any unusable invitation link (used, expired, replaced, revoked, unknown, malformed). */
export const inviteGone = () => new AppError(410, "invite_gone", ACCESS_MESSAGES.inviteGone);

const toInvite = (row: { id: string; email: string; role: string; expiresAt: Date }) =>
  ({
    id: row.id,
    email: row.email,
    role: row.role as MemberRole,
    expiresAt: row.expiresAt.toISOString(),
  }) satisfies TripInvite;

// An invitation that can still be accepted.
const open = (now: Date) =>
  and(isNull(tripInvites.usedAt), isNull(tripInvites.revokedAt), gt(tripInvites.expiresAt, now));

/** The trip's invitations that can still be accepted, oldest first (the owner's view). */
export async function openInvites(db: Db, tripId: string): Promise<TripInvite[]> {
  const rows = await db
    .select()
    .from(tripInvites)
    .where(and(eq(tripInvites.tripId, tripId), open(new Date())))
    .orderBy(tripInvites.createdAt);
  return rows.map(toInvite);
}

/**
 * Invites `email` to the trip as `role` and mails the link. An earlier open invitation of the same
 * address is revoked in the same transaction, so only the newest link works.
 */
export async function createInvite(
  deps: { db: Db; mailer: Mailer; appOrigin: string },
  trip: TripRow,
  inviter: { id: string; name: string },
  request: { email: string; role: MemberRole },
): Promise<TripInvite> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const row = await deps.db.transaction(async (tx) => {
    await tx
      .update(tripInvites)
      .set({ revokedAt: now })
      .where(
        and(
          eq(tripInvites.tripId, trip.id),
          eq(tripInvites.email, request.email),
          isNull(tripInvites.usedAt),
          isNull(tripInvites.revokedAt),
        ),
      );
    const [inserted] = await tx
      .insert(tripInvites)
      .values({
        tripId: trip.id,
        email: request.email,
        role: request.role,
        tokenHash: hashOf(token),
        inviterId: inviter.id,
        expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS),
      })
      .returning();
    if (!inserted) throw new Error("an invitation was not stored");
    return inserted;
  });
  await deps.mailer.send(
    tripInviteMail(request.email, {
      inviterName: inviter.name,
      destination: trip.destination,
      dates: `${formatDayLabel(trip.startDate)} – ${formatDayLabel(trip.endDate)} ${trip.endDate.slice(0, 4)}`,
      role: MEMBER_ROLE_LABELS[request.role].toLowerCase(),
      url: `${deps.appOrigin}/invites/${token}`,
    }),
  );
  return toInvite(row);
}

/** Revokes an open invitation of the trip; false when there is none by that id. */
export async function revokeInvite(db: Db, tripId: string, inviteId: string): Promise<boolean> {
  const rows = await db
    .update(tripInvites)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(tripInvites.id, inviteId),
        eq(tripInvites.tripId, tripId),
        isNull(tripInvites.usedAt),
        isNull(tripInvites.revokedAt),
      ),
    )
    .returning({ id: tripInvites.id });
  return rows.length > 0;
}

/** What the invitation page shows, or 410 `invite_gone` (used, expired, replaced, revoked, unknown). */
export async function readInvitation(db: Db, token: string): Promise<Invitation> {
  if (!INVITE_TOKEN_PATTERN.test(token)) throw inviteGone();
  const [row] = await db
    .select({
      email: tripInvites.email,
      role: tripInvites.role,
      expiresAt: tripInvites.expiresAt,
      inviterName: user.name,
      trip: {
        name: trips.name,
        destination: trips.destination,
        startDate: trips.startDate,
        endDate: trips.endDate,
      },
    })
    .from(tripInvites)
    .innerJoin(trips, eq(trips.id, tripInvites.tripId))
    .innerJoin(user, eq(user.id, tripInvites.inviterId))
    // A deleted trip's invitations work no more (nor again after a restore: they were revoked).
    .where(and(eq(tripInvites.tokenHash, hashOf(token)), open(new Date()), isNull(trips.deletedAt)))
    .limit(1);
  if (!row) throw inviteGone();
  return {
    email: row.email,
    role: row.role as MemberRole,
    expiresAt: row.expiresAt.toISOString(),
    inviter: { name: row.inviterName },
    trip: row.trip,
  };
}

/**
 * Accepts an invitation for the signed-in account: it must be the invited address, verified. The
 * invitation is spent and the membership written in one transaction; a second accept is a 410.
 * The owner accepting an invitation to their own trip stays its owner.
 */
export async function acceptInvite(
  db: Db,
  token: string,
  account: { id: string; email: string; emailVerified: boolean },
): Promise<AcceptInviteResponse> {
  if (!INVITE_TOKEN_PATTERN.test(token)) throw inviteGone();
  return db.transaction(async (tx) => {
    const now = new Date();
    const [invite] = await tx
      .select()
      .from(tripInvites)
      .where(and(eq(tripInvites.tokenHash, hashOf(token)), open(now)))
      .for("update")
      .limit(1);
    if (!invite) throw inviteGone();
    if (invite.email !== account.email.toLowerCase())
      throw new AppError(403, "invite_wrong_account", ACCESS_MESSAGES.inviteWrongAccount);
    if (!account.emailVerified)
      throw new AppError(403, "email_not_verified", ACCESS_MESSAGES.emailNotVerified);
    const spent = await tx
      .update(tripInvites)
      .set({ usedAt: now })
      .where(and(eq(tripInvites.id, invite.id), isNull(tripInvites.usedAt)))
      .returning({ id: tripInvites.id });
    if (spent.length === 0) throw inviteGone();
    const [trip] = await tx
      .select({ userId: trips.userId })
      .from(trips)
      .where(and(eq(trips.id, invite.tripId), isNull(trips.deletedAt)));
    if (!trip) throw inviteGone();
    let role: TripRole = invite.role as MemberRole;
    if (trip.userId === account.id) role = "owner";
    else
      await tx
        .insert(tripMembers)
        .values({ tripId: invite.tripId, userId: account.id, role })
        .onConflictDoUpdate({
          target: [tripMembers.tripId, tripMembers.userId],
          set: { role: sql`excluded.role` },
        });
    return { tripId: invite.tripId, role };
  });
}
