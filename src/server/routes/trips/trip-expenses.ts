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
import {
  addExpense,
  addPayment,
  changeExpense,
  removeExpense,
  removePayment,
  tripBalances,
  tripExpenses,
  tripExpensesCsv,
  tripPayments,
} from "../../money/money-changes.ts";

/** Signed in before the body is read: 401 comes before 422, as on the trip's other routes. */
const signedIn = async (c: Context<AppBindings>, next: () => Promise<void>) => {
  await requireUser(c);
  await next();
};

/** The signed-in member and the trip of the path. */
const who = async (c: Context<AppBindings>) => ({
  userId: (await requireUser(c)).id,
  tripId: c.req.param("id") ?? "",
});

/**
 * What the group really spent (any currency, converted to USD at the expense's date), who owes whom,
 * and the CSV (money/money-changes.ts: access, the trip's next version, the live change).
 */
export const tripExpenseRoutes = new Hono<AppBindings>()
  .get("/:id/expenses", pathIds, async (c) => {
    const { userId, tripId } = await who(c);
    return c.json({ expenses: await tripExpenses(c.var.deps, userId, tripId) });
  })
  .post("/:id/expenses", pathIds, signedIn, validate("json", expenseInputSchema), async (c) => {
    const { userId, tripId } = await who(c);
    const expense = await addExpense(c.var.deps, { userId }, tripId, c.req.valid("json"));
    return c.json({ expense }, 201);
  })
  // Both the edit and the removal of an expense (a route's own handlers come after).
  .use("/:id/expenses/:expenseId", pathIds)
  .patch("/:id/expenses/:expenseId", signedIn, validate("json", expensePatchSchema), async (c) => {
    const { userId, tripId } = await who(c);
    const patch = c.req.valid("json");
    const expenseId = c.req.param("expenseId");
    return c.json({
      expense: await changeExpense(c.var.deps, { userId }, tripId, expenseId, patch),
    });
  })
  .delete(
    "/:id/expenses/:expenseId",
    signedIn,
    validate("query", expenseDeleteQuerySchema),
    async (c) => {
      const { userId, tripId } = await who(c);
      const { version } = c.req.valid("query");
      await removeExpense(c.var.deps, { userId }, tripId, c.req.param("expenseId"), version);
      return c.body(null, 204);
    },
  )
  .get("/:id/balances", pathIds, async (c) => {
    const { userId, tripId } = await who(c);
    return c.json(await tripBalances(c.var.deps, userId, tripId));
  })
  .get("/:id/payments", pathIds, async (c) => {
    const { userId, tripId } = await who(c);
    return c.json({ payments: await tripPayments(c.var.deps, userId, tripId) });
  })
  .post("/:id/payments", pathIds, signedIn, validate("json", paymentInputSchema), async (c) => {
    const { userId, tripId } = await who(c);
    const payment = await addPayment(c.var.deps, { userId }, tripId, c.req.valid("json"));
    return c.json({ payment }, 201);
  })
  .delete("/:id/payments/:paymentId", pathIds, async (c) => {
    const { userId, tripId } = await who(c);
    await removePayment(c.var.deps, { userId }, tripId, c.req.param("paymentId"));
    return c.body(null, 204);
  })
  .get("/:id/expenses.csv", pathIds, async (c) => {
    const { userId, tripId } = await who(c);
    const csv = await tripExpensesCsv(c.var.deps, userId, tripId);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="expenses.csv"');
    return c.body(csv);
  });
