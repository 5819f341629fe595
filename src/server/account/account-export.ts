import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { ACCOUNT_EXPORT_VERSION } from "#shared/schemas/account.ts";
import type { Database } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";
import type { Storage } from "../services/storage/storage.ts";
import {
  account,
  packingTemplates,
  profiles,
  tripExpenses,
  tripMembers,
  trips,
  user,
} from "../db/schema.ts";
import { toTripDto } from "../trips/trip-dto.ts";
import { toExpenseDto } from "../money/trip-expenses.ts";
import { exportIdeas, exportPackingLists, exportPolls } from "./export-decisions.ts";

type Deps = { database: Pick<Database, "db">; storage: Storage; logger: Logger };

/** Trips per query: one page is all the export ever holds in memory. */
export const EXPORT_PAGE_SIZE = 50;

// Microseconds kept as text: a JS Date would drop them and the keyset would skip or repeat trips.
const createdKey = sql<string>`to_char(${trips.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The trips shared with the user, as memberships (which trip, which role): other people's trips
 * themselves are theirs to export.
 */
async function memberships(deps: Deps, userId: string): Promise<string> {
  const rows = await deps.database.db
    .select({
      trip: {
        id: trips.id,
        name: trips.name,
        destination: trips.destination,
        startDate: trips.startDate,
        endDate: trips.endDate,
      },
      role: tripMembers.role,
    })
    .from(tripMembers)
    .innerJoin(trips, eq(trips.id, tripMembers.tripId))
    .where(and(eq(tripMembers.userId, userId), isNull(trips.deletedAt)))
    .orderBy(tripMembers.createdAt, trips.id);
  const items = rows.map((row) => JSON.stringify(row));
  return items.length === 0 ? "[]" : `[\n    ${items.join(",\n    ")}\n  ]`;
}

async function header(
  deps: Deps,
  userId: string,
  now: Date,
): Promise<{ text: string; ownerName: string }> {
  const db = deps.database.db;
  const [owner] = await db
    .select({ email: user.email, name: user.name, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  if (!owner) throw new Error("export: the user is gone");
  const methods = await db
    .select({ providerId: account.providerId })
    .from(account)
    .where(eq(account.userId, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);

  let avatar: string | null = null;
  if (profile?.avatarKey) {
    const file = await deps.storage.read(profile.avatarKey);
    // A missing file is reported as none rather than failing the whole export.
    if (file)
      avatar = `data:${file.contentType};base64,${Buffer.from(file.body).toString("base64")}`;
    else deps.logger.warn({ userId, key: profile.avatarKey }, "export: avatar file missing");
  }

  const head = {
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    account: {
      email: owner.email,
      name: owner.name,
      createdAt: owner.createdAt.toISOString(),
      signInMethods: methods.map((m) => m.providerId).sort(),
    },
    profile: {
      fullName: profile ? profile.fullName : owner.name,
      bio: profile?.bio ?? "",
      preferredTravelStyle: profile?.preferredTravelStyle ?? null,
      interests: profile?.interests ?? [],
      preferredDestinations: profile?.preferredDestinations ?? [],
      temperatureUnit: profile?.temperatureUnit ?? null,
      homeCity: profile?.homeCity ?? null,
      avatar,
    },
  };
  // The trips array is left open: pages are appended to it as they are read.
  return {
    text: `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "trips": [`,
    ownerName: owner.name,
  };
}

/**
 * The expenses the user paid or recorded, on any trip (newest first), as the API shows them. A
 * traveller's spending is theirs: it goes with the export and with the account.
 */
async function expenses(deps: Deps, userId: string): Promise<string> {
  const rows = await deps.database.db
    .select()
    .from(tripExpenses)
    .where(or(eq(tripExpenses.paidBy, userId), eq(tripExpenses.createdBy, userId)))
    .orderBy(desc(tripExpenses.date), desc(tripExpenses.createdAt), desc(tripExpenses.id));
  const items = rows.map((row) => JSON.stringify(toExpenseDto(row)));
  return items.length === 0 ? "[]" : `[\n    ${items.join(",\n    ")}\n  ]`;
}

/** The packing templates the user saved from their lists (issue 49), oldest first. */
async function templates(deps: Deps, userId: string): Promise<string> {
  const rows = await deps.database.db
    .select({ name: packingTemplates.name, items: packingTemplates.items })
    .from(packingTemplates)
    .where(eq(packingTemplates.ownerId, userId))
    .orderBy(packingTemplates.createdAt, packingTemplates.id);
  const items = rows.map((row) => JSON.stringify(row));
  return items.length === 0 ? "[]" : `[\n    ${items.join(",\n    ")}\n  ]`;
}

/** One page of the export, oldest first (exported so tests can EXPLAIN it). */
export function exportTripPage(
  deps: Deps,
  userId: string,
  after: { key: string; id: string } | null,
) {
  return (
    deps.database.db
      .select({ row: trips, createdKey })
      .from(trips)
      .where(
        and(
          eq(trips.userId, userId),
          isNull(trips.deletedAt),
          after
            ? sql`(${trips.createdAt}, ${trips.id}) > (${after.key}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      // Oldest first, read backwards along trips_user_created_idx (no sort of every trip).
      .orderBy(sql`${trips.createdAt} asc nulls first`, sql`${trips.id} asc nulls first`)
      .limit(EXPORT_PAGE_SIZE)
  );
}

/**
 * The whole account as one JSON document, produced a page at a time when the reader asks for more
 * (a pull stream): a slow download holds one page of trips, not thousands.
 */
export function accountExportStream(
  deps: Deps,
  userId: string,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { key: string; id: string } | null = null;
  let started = false;
  let first = true;
  let ownerName = "";
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            const head = await header(deps, userId, now);
            ownerName = head.ownerName;
            controller.enqueue(encoder.encode(head.text));
            return;
          }
          const page = await exportTripPage(deps, userId, after);
          const last = page.at(-1);
          if (last) {
            after = { key: last.createdKey, id: last.row.id };
            const items = page.map(({ row }) => {
              const json = JSON.stringify(toTripDto(row, { role: "owner", ownerName }));
              const item = `${first ? "" : ","}\n    ${json}`;
              first = false;
              return item;
            });
            controller.enqueue(encoder.encode(items.join("")));
          }
          if (page.length < EXPORT_PAGE_SIZE) {
            const shared = await memberships(deps, userId);
            const spent = await expenses(deps, userId);
            const kits = await templates(deps, userId);
            const db = deps.database.db;
            const ideas = await exportIdeas(db, userId);
            const polls = await exportPolls(db, userId);
            const packing = await exportPackingLists(db, userId);
            controller.enqueue(
              encoder.encode(
                `${first ? "" : "\n  "}],\n  "memberships": ${shared},\n  "expenses": ${spent},\n  "packingTemplates": ${kits},\n  "ideas": ${ideas},\n  "polls": ${polls},\n  "packingLists": ${packing}\n}\n`,
              ),
            );
            controller.close();
          }
        } catch (error) {
          // Headers are long sent: all we can do is cut the download short (the JSON is then invalid,
          // so the file cannot be mistaken for a complete export) and say so in the log.
          deps.logger.error({ err: error, userId }, "account export failed midway");
          controller.error(error);
        }
      },
    },
    { highWaterMark: 0 },
  );
}
