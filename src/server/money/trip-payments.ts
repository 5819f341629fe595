import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { formatMoney, fromMinor, toMinor } from "#shared/money.ts";
import type { Payment, paymentInputSchema } from "#shared/schemas/expenses.ts";
import type { Db } from "../db/database.ts";
import { tripPayments, trips, type TripPaymentRow, type TripRow } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { invalid, type Person } from "./trip-expenses.ts";
import { recordVersion } from "../history/trip-versions.ts";

export const PAYMENT_NOT_FOUND = "Payment not found";

export type PaymentValues = z.output<typeof paymentInputSchema>;

/** 422 naming the field when the payer or the person paid is not on the trip. */
export function assertPaymentMembers(people: Person[], values: { from: string; to: string }) {
  const ids = new Set(people.map((p) => p.userId));
  const issues: { path: string[]; message: string }[] = [];
  if (!ids.has(values.from))
    issues.push({ path: ["from"], message: "The payer must be a member of the trip" });
  if (!ids.has(values.to))
    issues.push({ path: ["to"], message: "The person paid must be a member of the trip" });
  if (issues.length > 0) throw invalid(issues);
}

export function toPaymentDto(row: TripPaymentRow): Payment {
  return {
    id: row.id,
    tripId: row.tripId,
    from: row.fromUserId,
    to: row.toUserId,
    amount: fromMinor(row.amountMinor, row.currency),
    currency: row.currency,
    date: row.date,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A payment is a change of the trip like an expense: its next version, in its history and live. */
async function bumpTrip(tx: Tx, trip: TripRow, byUserId: string, summary: string) {
  const [updated] = await tx
    .update(trips)
    .set({ version: sql`${trips.version} + 1` })
    .where(and(eq(trips.id, trip.id), isNull(trips.deletedAt)))
    .returning();
  if (!updated) throw notFound("Trip not found");
  await recordVersion(tx, updated, byUserId, summary, trip);
  return updated.version;
}

const nameOf = (people: Person[], id: string) =>
  people.find((p) => p.userId === id)?.name ?? "A former member";

const paymentLabel = (people: Person[], row: TripPaymentRow) =>
  `${nameOf(people, row.fromUserId)} paid ${nameOf(people, row.toUserId)} ${formatMoney(row.amountMinor, row.currency)}`;

export async function createPayment(
  db: Db,
  trip: TripRow,
  people: Person[],
  byUserId: string,
  values: PaymentValues,
): Promise<{ payment: Payment; tripVersion: number }> {
  const amountMinor = toMinor(values.amount, values.currency);
  if (amountMinor === null) throw new Error("the schema lets only the currency's decimals through");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tripPayments)
      .values({
        tripId: trip.id,
        fromUserId: values.from,
        toUserId: values.to,
        amountMinor,
        currency: values.currency,
        date: values.date,
        createdBy: byUserId,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const tripVersion = await bumpTrip(
      tx,
      trip,
      byUserId,
      `Recorded a payment: ${paymentLabel(people, row)}`,
    );
    return { payment: toPaymentDto(row), tripVersion };
  });
}

/** Removes a payment recorded by mistake; 404 for one not on this trip. The trip's next version. */
export async function deletePayment(
  db: Db,
  trip: TripRow,
  people: Person[],
  byUserId: string,
  paymentId: string,
): Promise<number> {
  if (!z.uuid().safeParse(paymentId).success) throw notFound(PAYMENT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(tripPayments)
      .where(and(eq(tripPayments.id, paymentId), eq(tripPayments.tripId, trip.id)))
      .returning();
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    return bumpTrip(tx, trip, byUserId, `Removed a payment: ${paymentLabel(people, row)}`);
  });
}

/** The trip's payments, newest first. */
export async function listPayments(db: Db, tripId: string): Promise<TripPaymentRow[]> {
  return db
    .select()
    .from(tripPayments)
    .where(eq(tripPayments.tripId, tripId))
    .orderBy(desc(tripPayments.date), desc(tripPayments.createdAt), desc(tripPayments.id));
}
