import type { BalancesResponse, Expense, Payment } from "#shared/schemas/expenses.ts";
import type { Database } from "../db/database.ts";
import type { TripRow } from "../db/schema.ts";
import type { LiveHub } from "../live/live-hub.ts";
import type { CachedFx } from "../services/fx/cached-fx.ts";
import { findTripFor } from "../trips/trip-access.ts";
import { settlementCurrencyOf } from "../trips/trip-settlement.ts";
import { expensesCsv } from "./expenses-csv.ts";
import { balancesOf, peopleOfExpenses, ratesOf } from "./trip-balances.ts";
import {
  assertMembers,
  convertPending,
  createExpense,
  deleteExpense,
  listExpenses,
  toExpenseDto,
  tripPeople,
  updateExpense,
  type ExpensePatchValues,
  type ExpenseValues,
  type Person,
} from "./trip-expenses.ts";
import {
  assertPaymentMembers,
  createPayment,
  deletePayment,
  listPayments,
  toPaymentDto,
  type PaymentValues,
} from "./trip-payments.ts";

/*
 * The money verbs of a trip, each whole: access checked, the change saved as the trip's next
 * version, and published live to the other members here, so no caller (route or assistant) can
 * forget it. Reading: members; changing: members who may edit (owner, editors).
 */

export type MoneyDeps = {
  database: Pick<Database, "db">;
  fx: CachedFx;
  live: Pick<LiveHub, "publishChange">;
};

/** Who is asking, and through which assistant when one acts for them (its name goes in history). */
export type Actor = { userId: string; via?: string };

/** A trip's expenses for a member, pending ones converted first when a rate can now be had. */
async function readExpenses(deps: MoneyDeps, userId: string, tripId: string) {
  const { db } = deps.database;
  const { row: trip } = await findTripFor(db, userId, tripId, "view");
  await convertPending(db, deps.fx, trip.id);
  const rows = await listExpenses(db, trip.id);
  const people = await peopleOfExpenses(db, await tripPeople(db, trip), rows);
  return { trip, rows, people };
}

export async function tripExpenses(
  deps: MoneyDeps,
  userId: string,
  tripId: string,
): Promise<Expense[]> {
  const { rows } = await readExpenses(deps, userId, tripId);
  return rows.map(toExpenseDto);
}

/** The expenses as CSV, the people named as the balances name them. */
export async function tripExpensesCsv(
  deps: MoneyDeps,
  userId: string,
  tripId: string,
): Promise<string> {
  const { rows, people } = await readExpenses(deps, userId, tripId);
  return expensesCsv(rows, people);
}

/** Who owes whom, in the settlement currency (read after the pending expenses were converted). */
export async function tripBalances(
  deps: MoneyDeps,
  userId: string,
  tripId: string,
): Promise<BalancesResponse> {
  const { trip, rows, people } = await readExpenses(deps, userId, tripId);
  return balancesFor(deps, trip, rows, people);
}

/** The balances of rows already read (the assistants' trip detail reads them with the trip). */
export async function balancesFor(
  deps: Pick<MoneyDeps, "database" | "fx">,
  trip: Pick<TripRow, "id">,
  rows: Awaited<ReturnType<typeof listExpenses>>,
  people: Person[],
): Promise<BalancesResponse> {
  const { db } = deps.database;
  const payments = await listPayments(db, trip.id);
  const everyone = await peopleOfExpenses(db, people, [], payments);
  const currency = await settlementCurrencyOf(db, trip.id);
  return balancesOf(currency, everyone, rows, payments, ratesOf(deps.fx));
}

export async function addExpense(
  deps: MoneyDeps,
  actor: Actor,
  tripId: string,
  values: ExpenseValues,
): Promise<Expense> {
  const { db } = deps.database;
  const { row: trip } = await findTripFor(db, actor.userId, tripId, "edit");
  assertMembers(await tripPeople(db, trip), values);
  const saved = await createExpense(db, deps.fx, trip, actor.userId, values, actor.via);
  await deps.live.publishChange(trip.id, saved.tripVersion);
  return saved.expense;
}

export async function changeExpense(
  deps: MoneyDeps,
  actor: Actor,
  tripId: string,
  expenseId: string,
  patch: ExpensePatchValues,
): Promise<Expense> {
  const { db } = deps.database;
  const { row: trip } = await findTripFor(db, actor.userId, tripId, "edit");
  const people = await tripPeople(db, trip);
  const saved = await updateExpense(db, deps.fx, trip, people, actor.userId, expenseId, patch);
  await deps.live.publishChange(trip.id, saved.tripVersion);
  return saved.expense;
}

export async function removeExpense(
  deps: MoneyDeps,
  actor: Actor,
  tripId: string,
  expenseId: string,
  version: number,
): Promise<void> {
  const { db } = deps.database;
  const { row: trip } = await findTripFor(db, actor.userId, tripId, "edit");
  const tripVersion = await deleteExpense(db, trip, actor.userId, expenseId, version);
  await deps.live.publishChange(trip.id, tripVersion);
}

export async function tripPayments(
  deps: MoneyDeps,
  userId: string,
  tripId: string,
): Promise<Payment[]> {
  const { db } = deps.database;
  const { row: trip } = await findTripFor(db, userId, tripId, "view");
  return (await listPayments(db, trip.id)).map(toPaymentDto);
}

export async function addPayment(
  deps: MoneyDeps,
  actor: Actor,
  tripId: string,
  values: PaymentValues,
): Promise<Payment> {
  const { db } = deps.database;
  const { row: trip } = await findTripFor(db, actor.userId, tripId, "edit");
  const people = await tripPeople(db, trip);
  assertPaymentMembers(people, values);
  const saved = await createPayment(db, trip, people, actor.userId, values);
  await deps.live.publishChange(trip.id, saved.tripVersion);
  return saved.payment;
}

export async function removePayment(
  deps: MoneyDeps,
  actor: Actor,
  tripId: string,
  paymentId: string,
): Promise<void> {
  const { db } = deps.database;
  const { row: trip } = await findTripFor(db, actor.userId, tripId, "edit");
  const people = await tripPeople(db, trip);
  const tripVersion = await deletePayment(db, trip, people, actor.userId, paymentId);
  await deps.live.publishChange(trip.id, tripVersion);
}
