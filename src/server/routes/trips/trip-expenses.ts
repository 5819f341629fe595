import { Hono, type Context } from "hono";
import {
  expenseDeleteQuerySchema,
  expenseInputSchema,
  expensePatchSchema,
  paymentInputSchema,
} from "#shared/schemas/expenses.ts";
import type { AppBindings } from "../../http/context.ts";
import { pathIds } from "../../http/path-ids.ts";
import { requireUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { findTripFor } from "../../trips/trip-access.ts";
import { balancesOf, peopleOfExpenses, ratesOf } from "../../money/trip-balances.ts";
import {
  assertPaymentMembers,
  createPayment,
  deletePayment,
  listPayments,
  toPaymentDto,
} from "../../money/trip-payments.ts";
import { settlementCurrencyOf } from "../../trips/trip-settlement.ts";
import { expensesCsv } from "../../money/expenses-csv.ts";
import {
  assertMembers,
  convertPending,
  createExpense,
  deleteExpense,
  listExpenses,
  toExpenseDto,
  tripPeople,
  updateExpense,
} from "../../money/trip-expenses.ts";

/** Signed in before the body is read: 401 comes before 422, as on the trip's other routes. */
const signedIn = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  await next();
};

/** The trip's expenses for a member, pending ones converted first when a rate can now be had. */
async function readExpenses(c: Context<AppBindings>) {
  const me = await requireUser(c);
  const { db } = c.var.deps.database;
  const { row: trip } = await findTripFor(db, me.id, c.req.param("id") ?? "", "view");
  await convertPending(db, c.var.deps.fx, trip.id);
  const rows = await listExpenses(db, trip.id);
  const people = await peopleOfExpenses(db, await tripPeople(db, trip), rows);
  return { trip, rows, people };
}

/**
 * What the group really spent (any currency, converted to USD at the expense's date), who owes whom,
 * and the CSV. Reading: members; changing: members who may edit (owner, editors). Every change is
 * the trip's next version: in its history and live to the other members.
 */
export const tripExpenseRoutes = new Hono<AppBindings>()
  .get("/:id/expenses", pathIds, async (c) => {
    const { rows } = await readExpenses(c);
    return c.json({ expenses: rows.map(toExpenseDto) });
  })
  .post("/:id/expenses", pathIds, signedIn, validate("json", expenseInputSchema), async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
    const values = c.req.valid("json");
    assertMembers(await tripPeople(db, trip), values);
    const saved = await createExpense(db, c.var.deps.fx, trip, me.id, values);
    await c.var.deps.live.publishChange(trip.id, saved.tripVersion);
    return c.json({ expense: saved.expense }, 201);
  })
  // Both the edit and the removal of an expense (a route's own handlers come after).
  .use("/:id/expenses/:expenseId", pathIds)
  .patch("/:id/expenses/:expenseId", signedIn, validate("json", expensePatchSchema), async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
    const people = await tripPeople(db, trip);
    const saved = await updateExpense(
      db,
      c.var.deps.fx,
      trip,
      people,
      me.id,
      c.req.param("expenseId"),
      c.req.valid("json"),
    );
    await c.var.deps.live.publishChange(trip.id, saved.tripVersion);
    return c.json({ expense: saved.expense });
  })
  .delete(
    "/:id/expenses/:expenseId",
    signedIn,
    validate("query", expenseDeleteQuerySchema),
    async (c) => {
      const me = await requireUser(c);
      const { db } = c.var.deps.database;
      const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
      const { version } = c.req.valid("query");
      const tripVersion = await deleteExpense(db, trip, me.id, c.req.param("expenseId"), version);
      await c.var.deps.live.publishChange(trip.id, tripVersion);
      return c.body(null, 204);
    },
  )
  .get("/:id/balances", pathIds, async (c) => {
    const { db } = c.var.deps.database;
    const { trip, rows, people } = await readExpenses(c);
    const payments = await listPayments(db, trip.id);
    const everyone = await peopleOfExpenses(db, people, [], payments);
    // The converted expenses may have moved the default currency: read it after convertPending.
    const currency = await settlementCurrencyOf(db, trip.id);
    return c.json(await balancesOf(currency, everyone, rows, payments, ratesOf(c.var.deps.fx)));
  })
  .get("/:id/payments", pathIds, async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id") ?? "", "view");
    const rows = await listPayments(db, trip.id);
    return c.json({ payments: rows.map(toPaymentDto) });
  })
  .post("/:id/payments", pathIds, signedIn, validate("json", paymentInputSchema), async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
    const values = c.req.valid("json");
    const people = await tripPeople(db, trip);
    assertPaymentMembers(people, values);
    const saved = await createPayment(db, trip, people, me.id, values);
    await c.var.deps.live.publishChange(trip.id, saved.tripVersion);
    return c.json({ payment: saved.payment }, 201);
  })
  .delete("/:id/payments/:paymentId", pathIds, async (c) => {
    const me = await requireUser(c);
    const { db } = c.var.deps.database;
    const { row: trip } = await findTripFor(db, me.id, c.req.param("id"), "edit");
    const people = await tripPeople(db, trip);
    const tripVersion = await deletePayment(db, trip, people, me.id, c.req.param("paymentId"));
    await c.var.deps.live.publishChange(trip.id, tripVersion);
    return c.body(null, 204);
  })
  .get("/:id/expenses.csv", pathIds, async (c) => {
    const { rows, people } = await readExpenses(c);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="expenses.csv"');
    return c.body(expensesCsv(rows, people));
  });
