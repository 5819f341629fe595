import { inArray } from "drizzle-orm";
import { computeBalances, fromMinor, settle } from "#shared/money.ts";
import type { BalancesResponse } from "#shared/schemas/expenses.ts";
import type { Db } from "../db/database.ts";
import { user, type TripExpenseRow } from "../db/schema.ts";
import type { Person } from "./trip-expenses.ts";

/** Named for someone an expense names who is no longer on the trip and whose account is gone. */
export const FORMER_MEMBER = "Former member";

/** Names for everyone the expenses name: the trip's people, then anyone who has left it. */
export async function peopleOfExpenses(
  db: Db,
  people: Person[],
  rows: TripExpenseRow[],
): Promise<Person[]> {
  const known = new Set(people.map((p) => p.userId));
  const others = new Set<string>();
  for (const row of rows)
    for (const id of [row.paidBy, ...row.split.among]) if (!known.has(id)) others.add(id);
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

/**
 * GET /api/trips/:id/balances: in US dollars, from the converted expenses (pending ones are left
 * out and counted). Cents exact: computed in whole cents, written as decimals.
 */
export function balancesOf(people: Person[], rows: TripExpenseRow[]): BalancesResponse {
  const converted = rows.flatMap((row) =>
    row.amountUsdCents === null
      ? []
      : [
          {
            paidBy: row.paidBy,
            amountUsdCents: row.amountUsdCents,
            currency: row.currency,
            split: row.split,
          },
        ],
  );
  const balances = computeBalances(
    people.map((p) => p.userId),
    converted,
  );
  const names = new Map(people.map((p) => [p.userId, p.name]));
  const usd = (cents: number) => fromMinor(cents, "USD");
  return {
    currency: "USD",
    members: balances.map((b) => ({
      userId: b.userId,
      name: names.get(b.userId) ?? FORMER_MEMBER,
      paid: usd(b.paid),
      share: usd(b.share),
      net: usd(b.net),
    })),
    settle: settle(balances).map((t) => ({ from: t.from, to: t.to, amount: usd(t.amount) })),
    pending: rows.length - converted.length,
  };
}
