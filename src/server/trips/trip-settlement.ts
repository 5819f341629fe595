import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { trips } from "../db/schema.ts";

/**
 * The settlement currency after a change of the trip's expenses: the chosen one stays; otherwise the
 * currency most of the expenses' value is in, USD with none or a tie (SQL function
 * trip_default_settlement, migration 0015). Set in the same UPDATE as the change's version bump.
 */
export const settlementAfterExpenses = sql<string>`case when ${trips.settlementCurrencyChosen}
  then ${trips.settlementCurrency} else trip_default_settlement(${trips.id}) end`;

/**
 * What PATCH /api/trips/:id `{ settlementCurrency }` writes: a code is chosen and kept; null goes
 * back to following the expenses.
 */
export async function settlementChoice(
  db: Db,
  tripId: string,
  currency: string | null,
): Promise<{ settlementCurrency: string; settlementCurrencyChosen: boolean }> {
  if (currency !== null) return { settlementCurrency: currency, settlementCurrencyChosen: true };
  const { rows } = await db.execute<{ currency: string }>(
    sql`select trip_default_settlement(${tripId}::uuid) as currency`,
  );
  return { settlementCurrency: rows[0]?.currency ?? "USD", settlementCurrencyChosen: false };
}

/** The history line: "Balances in EUR", after the other changes saved with it. */
export const settlementSummary = (described: string, currency: string) =>
  described === "Saved without changes"
    ? `Balances in ${currency}`
    : `${described}; balances in ${currency}`;

/** The trip's settlement currency as stored now. */
export async function settlementCurrencyOf(db: Db, tripId: string): Promise<string> {
  const [row] = await db
    .select({ currency: trips.settlementCurrency })
    .from(trips)
    .where(eq(trips.id, tripId));
  return row?.currency ?? "USD";
}
