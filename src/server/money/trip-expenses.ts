import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { z, type ZodError } from "zod";
import { formatMoney, fromMinor, toMinor, toUsdCents, type Split } from "#shared/money.ts";
import {
  moneyIssues,
  type Expense,
  type ExpenseCategory,
  type expenseInputSchema,
  type expensePatchSchema,
} from "#shared/schemas/expenses.ts";
import type { Db } from "../db/database.ts";
import {
  tripExpenses,
  tripMembers,
  trips,
  user,
  type TripExpenseRow,
  type TripRow,
} from "../db/schema.ts";
import { AppError, notFound } from "../lib/http-errors.ts";
import { isUuid } from "../lib/is-uuid.ts";
import type { CachedFx } from "../services/fx/cached-fx.ts";
import { settlementAfterExpenses } from "../trips/trip-settlement.ts";
import { recordVersion } from "../history/trip-versions.ts";

export const EXPENSE_NOT_FOUND = "Expense not found";
export const EXPENSE_STALE = "This expense was changed by someone else. Reload to see the latest.";

export type ExpenseValues = z.output<typeof expenseInputSchema>;
export type ExpensePatchValues = z.output<typeof expensePatchSchema>;

export type Person = { userId: string; name: string };

/** The trip's people: the owner first, then the companions in the order they joined. */
export async function tripPeople(db: Db, trip: Pick<TripRow, "id" | "userId">): Promise<Person[]> {
  const [owner] = await db
    .select({ userId: user.id, name: user.name })
    .from(user)
    .where(eq(user.id, trip.userId));
  const companions = await db
    .select({ userId: user.id, name: user.name })
    .from(tripMembers)
    .innerJoin(user, eq(user.id, tripMembers.userId))
    .where(eq(tripMembers.tripId, trip.id))
    .orderBy(asc(tripMembers.createdAt), asc(user.id));
  return [...(owner ? [owner] : []), ...companions];
}

/**
 * 422 naming the field when the payer or anyone sharing is not on the trip. An edit passes only the
 * fields it changes: a former member's expense can still have its description corrected.
 */
export function assertMembers(
  people: Person[],
  values: { paidBy?: string | undefined; split?: Split | undefined },
): void {
  const ids = new Set(people.map((p) => p.userId));
  const issues: { path: string[]; message: string }[] = [];
  if (values.paidBy !== undefined && !ids.has(values.paidBy))
    issues.push({ path: ["paidBy"], message: "The payer must be a member of the trip" });
  if (values.split?.among.some((id) => !ids.has(id)))
    issues.push({
      path: ["split", "among"],
      message: "Everyone sharing must be a member of the trip",
    });
  if (issues.length > 0) throw invalid(issues);
}

/**
 * A 422 the one `onError` answers like a body's (each issue with its path). Made by a parse, not
 * `new ZodError`: only a parse's error is an `Error`, which Hono hands to `onError`.
 */
export function invalid(issues: { path: string[]; message: string }[]): ZodError {
  const result = z
    .unknown()
    .superRefine((_, ctx) => {
      for (const issue of issues) ctx.addIssue({ code: "custom", ...issue });
    })
    .safeParse(null);
  if (result.success) throw new Error("an issue always fails the parse");
  return result.error;
}

type Conversion = { amountUsdCents: number; rate: number; rateDate: string };

/** The USD amount at the rate of the expense's date, or null while rates cannot be had. */
export async function convert(
  fx: CachedFx,
  minor: number,
  currency: string,
  date: string,
): Promise<Conversion | null> {
  if (currency === "USD") return { amountUsdCents: minor, rate: 1, rateDate: date };
  const day = await fx.usdRates(date).catch(() => null);
  const rate = day?.rates[currency];
  if (!day || rate === undefined) return null;
  return { amountUsdCents: toUsdCents(minor, currency, rate), rate, rateDate: day.date };
}

const PENDING = { amountUsdCents: null, rate: null, rateDate: null };

export function toExpenseDto(row: TripExpenseRow): Expense {
  return {
    id: row.id,
    tripId: row.tripId,
    amount: fromMinor(row.amountMinor, row.currency),
    currency: row.currency,
    date: row.date,
    category: row.category as ExpenseCategory,
    description: row.description,
    paidBy: row.paidBy,
    split: row.split,
    amountUsd: row.amountUsdCents === null ? null : fromMinor(row.amountUsdCents, "USD"),
    rate: row.rate,
    rateDate: row.rateDate,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** "Dinner €84.00": the history's and live change's words for an expense. */
export const expenseLabel = (
  row: Pick<TripExpenseRow, "description" | "amountMinor" | "currency">,
) => `${row.description} ${formatMoney(row.amountMinor, row.currency)}`;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * An expense change is a change of the trip: the trip's next version (same plan) with its history
 * line, in the expense's transaction, so the other members' pages hear of it like a plan change.
 */
async function bumpTrip(
  tx: Tx,
  trip: TripRow,
  byUserId: string,
  summary: string,
  via?: string,
): Promise<number> {
  const [updated] = await tx
    .update(trips)
    .set({ version: sql`${trips.version} + 1`, settlementCurrency: settlementAfterExpenses })
    .where(and(eq(trips.id, trip.id), isNull(trips.deletedAt)))
    .returning();
  if (!updated) throw notFound("Trip not found");
  await recordVersion(tx, updated, byUserId, summary, trip, via);
  return updated.version;
}

export type Saved = { expense: Expense; tripVersion: number };

export async function createExpense(
  db: Db,
  fx: CachedFx,
  trip: TripRow,
  byUserId: string,
  values: ExpenseValues,
  /** The assistant that added it through /mcp (its name), for the history. */
  via?: string,
): Promise<Saved> {
  const amountMinor = toMinor(values.amount, values.currency);
  if (amountMinor === null) throw new Error("the schema lets only the currency's decimals through");
  const conversion = (await convert(fx, amountMinor, values.currency, values.date)) ?? PENDING;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tripExpenses)
      .values({
        tripId: trip.id,
        amountMinor,
        currency: values.currency,
        date: values.date,
        category: values.category,
        description: values.description,
        paidBy: values.paidBy,
        split: cleanSplit(values.split),
        ...conversion,
        createdBy: byUserId,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const tripVersion = await bumpTrip(
      tx,
      trip,
      byUserId,
      `Added an expense: ${expenseLabel(row)}`,
      via,
    );
    return { expense: toExpenseDto(row), tripVersion };
  });
}

/** Only what the kind uses is kept (shares for `shares`, amounts for `exact`). */
function cleanSplit(split: Split): Split {
  return {
    kind: split.kind,
    among: split.among,
    ...(split.kind === "shares" && split.shares ? { shares: split.shares } : {}),
    ...(split.kind === "exact" && split.amounts ? { amounts: split.amounts } : {}),
  };
}

async function findExpense(db: Db, tripId: string, expenseId: string): Promise<TripExpenseRow> {
  // A malformed id is missing, not a uuid cast's 422 (F-15).
  if (!isUuid(expenseId)) throw notFound(EXPENSE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(tripExpenses)
    .where(and(eq(tripExpenses.id, expenseId), eq(tripExpenses.tripId, tripId)))
    .limit(1);
  if (!row) throw notFound(EXPENSE_NOT_FOUND);
  return row;
}

const stale = () => new AppError(409, "conflict", EXPENSE_STALE);

export async function updateExpense(
  db: Db,
  fx: CachedFx,
  trip: TripRow,
  people: Person[],
  byUserId: string,
  expenseId: string,
  patch: ExpensePatchValues,
): Promise<Saved> {
  const current = await findExpense(db, trip.id, expenseId);
  if (current.version !== patch.version) throw stale();
  const { version: _version, ...changes } = patch;
  const merged = {
    amount: changes.amount ?? fromMinor(current.amountMinor, current.currency),
    currency: changes.currency ?? current.currency,
    date: changes.date ?? current.date,
    category: changes.category ?? current.category,
    description: changes.description ?? current.description,
    paidBy: changes.paidBy ?? current.paidBy,
    split: changes.split ?? current.split,
  };
  const issues = moneyIssues(merged);
  if (issues.length > 0) throw invalid(issues);
  // Only what this edit changes: the payer or the split as they were may name a former member.
  assertMembers(people, {
    paidBy:
      changes.paidBy !== undefined && changes.paidBy !== current.paidBy
        ? changes.paidBy
        : undefined,
    split: changes.split,
  });
  const amountMinor = toMinor(merged.amount, merged.currency);
  if (amountMinor === null) throw new Error("checked by moneyIssues");
  const moneyChanged =
    amountMinor !== current.amountMinor ||
    merged.currency !== current.currency ||
    merged.date !== current.date;
  const conversion = moneyChanged
    ? ((await convert(fx, amountMinor, merged.currency, merged.date)) ?? PENDING)
    : {};
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tripExpenses)
      .set({
        amountMinor,
        currency: merged.currency,
        date: merged.date,
        category: merged.category,
        description: merged.description,
        paidBy: merged.paidBy,
        split: cleanSplit(merged.split),
        ...conversion,
        updatedAt: new Date(),
        version: sql`${tripExpenses.version} + 1`,
      })
      .where(and(eq(tripExpenses.id, current.id), eq(tripExpenses.version, current.version)))
      .returning();
    if (!row) throw stale();
    const tripVersion = await bumpTrip(
      tx,
      trip,
      byUserId,
      `Changed an expense: ${expenseLabel(row)}`,
    );
    return { expense: toExpenseDto(row), tripVersion };
  });
}

export async function deleteExpense(
  db: Db,
  trip: TripRow,
  byUserId: string,
  expenseId: string,
  version: number,
): Promise<number> {
  const current = await findExpense(db, trip.id, expenseId);
  if (current.version !== version) throw stale();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(tripExpenses)
      .where(and(eq(tripExpenses.id, current.id), eq(tripExpenses.version, version)))
      .returning();
    if (!row) throw stale();
    return bumpTrip(tx, trip, byUserId, `Deleted an expense: ${expenseLabel(row)}`);
  });
}

/**
 * Converts the trip's expenses still waiting for a rate, now that one may be had (each date asked
 * once; the cache keeps failures from being asked again at once). Not a user's change: versions
 * stay, so an edit based on the pending expense still applies.
 */
export async function convertPending(db: Db, fx: CachedFx, tripId: string): Promise<void> {
  if (!fx.enabled) return;
  const pending = await db
    .select()
    .from(tripExpenses)
    .where(and(eq(tripExpenses.tripId, tripId), isNull(tripExpenses.amountUsdCents)))
    // Newest first: the dates most likely to have a rate (and the ones people look at) go first.
    .orderBy(desc(tripExpenses.date));
  let converted = 0;
  for (const row of pending) {
    const day = await fx.usdRates(row.date).catch(() => null);
    // No rates at all: when the API is down (or hangs) every other date would wait as long, so
    // this read stops asking; the next one tries again. A currency the ECB does not publish stays
    // pending without holding the others up.
    if (!day) break;
    const rate = day.rates[row.currency];
    if (rate === undefined) continue;
    const conversion = {
      amountUsdCents: toUsdCents(row.amountMinor, row.currency, rate),
      rate,
      rateDate: day.date,
    };
    await db
      .update(tripExpenses)
      .set(conversion)
      .where(
        and(
          eq(tripExpenses.id, row.id),
          eq(tripExpenses.version, row.version),
          isNull(tripExpenses.amountUsdCents),
        ),
      );
    converted++;
  }
  // Their value is now known in dollars: the default settlement currency may follow it.
  if (converted > 0)
    await db
      .update(trips)
      .set({ settlementCurrency: settlementAfterExpenses })
      .where(eq(trips.id, tripId));
}

/** The trip's expenses, newest first (by date, then by when they were recorded). */
export async function listExpenses(db: Db, tripId: string): Promise<TripExpenseRow[]> {
  return db
    .select()
    .from(tripExpenses)
    .where(eq(tripExpenses.tripId, tripId))
    .orderBy(desc(tripExpenses.date), desc(tripExpenses.createdAt), desc(tripExpenses.id));
}
