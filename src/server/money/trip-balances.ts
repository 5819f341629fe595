import { inArray } from "drizzle-orm";
import {
  applyPayments,
  computeBalances,
  convertMinor,
  fromMinor,
  settle,
  type BalanceExpense,
  type BalancePayment,
} from "#shared/money.ts";
import type { BalancesResponse } from "#shared/schemas/expenses.ts";
import type { Db } from "../db/database.ts";
import { user, type TripExpenseRow, type TripPaymentRow } from "../db/schema.ts";
import type { CachedFx } from "../services/fx/cached-fx.ts";
import type { Person } from "./trip-expenses.ts";

/** Named for someone an expense names who is no longer on the trip and whose account is gone. */
export const FORMER_MEMBER = "Former member";

/** Names for everyone the expenses and payments name: the trip's people, then anyone who has left. */
export async function peopleOfExpenses(
  db: Db,
  people: Person[],
  rows: TripExpenseRow[],
  payments: TripPaymentRow[] = [],
): Promise<Person[]> {
  const known = new Set(people.map((p) => p.userId));
  const others = new Set<string>();
  const named = [
    ...rows.flatMap((row) => [row.paidBy, ...row.split.among]),
    ...payments.flatMap((p) => [p.fromUserId, p.toUserId]),
  ];
  for (const id of named) if (!known.has(id)) others.add(id);
  if (others.size === 0) return people;
  const found = await db
    .select({ userId: user.id, name: user.name })
    .from(user)
    .where(inArray(user.id, [...others]));
  const names = new Map(found.map((p) => [p.userId, p.name]));
  return [
    ...people,
    ...[...others].sort().map((userId) => ({ userId, name: names.get(userId) ?? FORMER_MEMBER })),
  ];
}

/** 1 USD = n units of a currency on a day (USD itself 1), or undefined when it cannot be had. */
type RateOn = (date: string, currency: string) => Promise<number | undefined>;

/** The day's rates from the cache, each date asked once per read. */
export function ratesOf(fx: CachedFx): RateOn {
  const days = new Map<string, Promise<Record<string, number> | null>>();
  return async (date, currency) => {
    if (currency === "USD") return 1;
    let day = days.get(date);
    if (!day) {
      day = fx
        .usdRates(date)
        .then((d) => d?.rates ?? null)
        .catch(() => null);
      days.set(date, day);
    }
    return (await day)?.[currency];
  };
}

/**
 * An expense in the settlement currency: exact when it is in that currency; otherwise its stored
 * dollar value (at its date's rate) in the settlement currency at the same day's rate. Null while
 * a rate is missing.
 */
async function expenseIn(
  currency: string,
  row: TripExpenseRow,
  rateOn: RateOn,
): Promise<number | null> {
  if (row.currency === currency) return row.amountMinor;
  if (row.amountUsdCents === null || row.rate === null) return null;
  if (currency === "USD") return row.amountUsdCents;
  const to = await rateOn(row.rateDate ?? row.date, currency);
  if (to === undefined) return null;
  return convertMinor(row.amountMinor, row.currency, row.rate, currency, to);
}

/** A payment in the settlement currency: exact in it, else at the rates of the payment's date. */
async function paymentIn(
  currency: string,
  row: TripPaymentRow,
  rateOn: RateOn,
): Promise<number | null> {
  if (row.currency === currency) return row.amountMinor;
  const [from, to] = await Promise.all([
    rateOn(row.date, row.currency),
    rateOn(row.date, currency),
  ]);
  if (from === undefined || to === undefined) return null;
  return convertMinor(row.amountMinor, row.currency, from, currency, to);
}

/**
 * GET /api/trips/:id/balances: in the trip's settlement currency, exact to its minor unit. Expenses
 * and payments in other currencies are converted at their day's rates (left out and counted while
 * one is pending); payments move the nets, never what was paid or spent.
 */
export async function balancesOf(
  currency: string,
  people: Person[],
  rows: TripExpenseRow[],
  paymentRows: TripPaymentRow[],
  rateOn: RateOn,
): Promise<BalancesResponse> {
  const expenses: BalanceExpense[] = [];
  let pending = 0;
  for (const row of rows) {
    const amount = await expenseIn(currency, row, rateOn);
    if (amount === null) pending++;
    else
      expenses.push({
        paidBy: row.paidBy,
        amountUsdCents: amount,
        currency: row.currency,
        split: row.split,
      });
  }
  const payments: BalancePayment[] = [];
  for (const row of paymentRows) {
    const amount = await paymentIn(currency, row, rateOn);
    if (amount === null) pending++;
    else payments.push({ from: row.fromUserId, to: row.toUserId, amount });
  }
  const balances = applyPayments(
    computeBalances(
      people.map((p) => p.userId),
      expenses,
    ),
    payments,
  );
  const names = new Map(people.map((p) => [p.userId, p.name]));
  const money = (minor: number) => fromMinor(minor, currency);
  return {
    currency,
    members: balances.map((b) => ({
      userId: b.userId,
      name: names.get(b.userId) ?? FORMER_MEMBER,
      paid: money(b.paid),
      share: money(b.share),
      net: money(b.net),
    })),
    settle: settle(balances).map((t) => ({ from: t.from, to: t.to, amount: money(t.amount) })),
    pending,
  };
}
