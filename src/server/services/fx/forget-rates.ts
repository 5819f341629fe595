import { and, eq, or } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { fxRates } from "../../db/schema.ts";

/**
 * Drops the stored USD rates of `date` (asked for that date, or published on it): the next expense
 * of that day asks the provider again. `npm run fx:forget -- YYYY-MM-DD`. Returns the rows dropped.
 */
export async function forgetRates(db: Db, date: string): Promise<number> {
  const dropped = await db
    .delete(fxRates)
    .where(and(eq(fxRates.base, "USD"), or(eq(fxRates.date, date), eq(fxRates.rateDate, date))))
    .returning({ date: fxRates.date });
  return dropped.length;
}
