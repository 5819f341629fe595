import { z } from "zod";
import { SPLIT_KINDS, currencyDecimals, isCurrencyCode, toMinor } from "../money.ts";
import { safeText, storableDate } from "./safe-input.ts";

export const EXPENSE_CATEGORIES = [
  "food",
  "lodging",
  "transport",
  "activities",
  "shopping",
  "other",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  food: "Food",
  lodging: "Lodging",
  transport: "Transport",
  activities: "Activities",
  shopping: "Shopping",
  other: "Other",
};

export const EXPENSE_DESCRIPTION_MAX_LENGTH = 200;
/** One expense, in any currency: a billion of anything is a typo. */
export const EXPENSE_AMOUNT_MAX = 1_000_000_000;

/** An ISO 4217 code of money people pay with ("eur" reads as EUR): expenses, payments, settlement. */
export const currencySchema = z
  .string({ error: "Currency is required" })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, "Choose a currency (ISO 4217 code such as EUR)");

const amountSchema = z
  .number({ error: "Amount must be a number" })
  .finite("Amount must be a number")
  .positive("Amount must be more than 0")
  .max(EXPENSE_AMOUNT_MAX, "Amount is too large");

const userIdSchema = z.string().trim().min(1, "Choose a member").max(100);

/**
 * How an expense is divided: `equal` among `among`; `shares` by whole-number weights per person
 * (`{ alice: 2, bob: 1 }`); `exact` by amounts per person (in the expense's currency) adding up to it.
 */
export const splitSchema = z.object({
  kind: z.enum(SPLIT_KINDS, { error: "Choose equal, shares or exact" }),
  among: z
    .array(userIdSchema, { error: "Choose who shares the expense" })
    .min(1, "Choose who shares the expense")
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, "Each person only once"),
  shares: z
    .record(z.string(), z.number().int("Shares are whole numbers").min(0).max(1000))
    .optional(),
  amounts: z.record(z.string(), z.number().finite().min(0).max(EXPENSE_AMOUNT_MAX)).optional(),
});
export type SplitInput = z.infer<typeof splitSchema>;

interface MoneyFields {
  amount?: number | undefined;
  currency?: string | undefined;
  split?: SplitInput | undefined;
}

/**
 * The checks that need several fields at once: the amount in the currency's own decimals, shares
 * and exact amounts for exactly the people sharing, exact amounts adding up to the amount. Used by
 * the create schema, the patch schema (on the merged expense, server side) and the form alike.
 */
export function moneyIssues(value: MoneyFields): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const { amount, currency, split } = value;
  const decimals = currency === undefined ? null : currencyDecimals(currency);
  if (amount !== undefined && currency !== undefined && decimals !== null) {
    if (toMinor(amount, currency) === null)
      issues.push({
        path: ["amount"],
        message:
          decimals === 0
            ? `Amount in ${currency} has no decimals`
            : `Amount in ${currency} has at most ${decimals} decimals`,
      });
  }
  if (!split) return issues;
  const among = new Set(split.among);
  if (split.kind === "shares") {
    const shares = split.shares ?? {};
    if (Object.keys(shares).some((id) => !among.has(id)))
      issues.push({ path: ["split", "shares"], message: "Shares only for the people sharing" });
    else if (split.among.some((id) => shares[id] === undefined))
      issues.push({
        path: ["split", "shares"],
        message: "Give everyone sharing a number of shares",
      });
    else if (split.among.every((id) => (shares[id] ?? 0) === 0))
      issues.push({ path: ["split", "shares"], message: "At least one share is needed" });
  }
  if (split.kind === "exact") {
    const amounts = split.amounts ?? {};
    if (Object.keys(amounts).some((id) => !among.has(id)))
      issues.push({ path: ["split", "amounts"], message: "Amounts only for the people sharing" });
    else if (split.among.some((id) => amounts[id] === undefined))
      issues.push({ path: ["split", "amounts"], message: "Give everyone sharing an amount" });
    else if (amount !== undefined && currency !== undefined && decimals !== null) {
      const parts = split.among.map((id) => toMinor(amounts[id] ?? 0, currency));
      const total = toMinor(amount, currency);
      if (parts.some((p) => p === null))
        issues.push({
          path: ["split", "amounts"],
          message: `Amounts in ${currency} have at most ${decimals} decimals`,
        });
      else if (total !== null && parts.reduce<number>((a, b) => a + (b ?? 0), 0) !== total)
        issues.push({ path: ["split", "amounts"], message: "Amounts must add up to the amount" });
    }
  }
  return issues;
}

const expenseFields = {
  amount: amountSchema,
  currency: currencySchema,
  date: storableDate("Date"),
  category: z.enum(EXPENSE_CATEGORIES, {
    error: "Choose food, lodging, transport, activities, shopping or other",
  }),
  description: safeText("Description", { error: "Description is required" })
    .trim()
    .min(1, "Description is required")
    .max(
      EXPENSE_DESCRIPTION_MAX_LENGTH,
      `Description must be at most ${EXPENSE_DESCRIPTION_MAX_LENGTH} characters`,
    ),
  paidBy: userIdSchema,
  split: splitSchema,
};

/** POST /api/trips/:id/expenses. Membership of `paidBy` and `split.among` is checked by the route. */
export const expenseInputSchema = z.object(expenseFields).superRefine((value, ctx) => {
  for (const issue of moneyIssues(value)) ctx.addIssue({ code: "custom", ...issue });
});
export type ExpenseInput = z.input<typeof expenseInputSchema>;

/**
 * PATCH /api/trips/:id/expenses/:expenseId: any of the fields, and the `version` read (409 when the
 * expense changed since). The combined checks run on the merged expense.
 */
export const expensePatchSchema = z
  .object(expenseFields)
  .partial()
  .extend({ version: z.number({ error: "Version is required" }).int().positive() });
export type ExpensePatch = z.input<typeof expensePatchSchema>;

/** An expense as the API returns it. Amounts are decimals in their currency's own decimals. */
export const expenseSchema = z.object({
  id: z.uuid(),
  tripId: z.uuid(),
  amount: z.number(),
  currency: z.string(),
  date: z.iso.date(),
  category: z.enum(EXPENSE_CATEGORIES),
  description: z.string(),
  paidBy: z.string(),
  split: splitSchema,
  /** In US dollars (cents exact); null while the rate is pending (rates could not be had yet). */
  amountUsd: z.number().nullable(),
  /** The rate used: 1 USD = `rate` units of `currency`; null while pending. */
  rate: z.number().nullable(),
  /** The ECB business day the rate is from (the expense's date or the last business day before). */
  rateDate: z.iso.date().nullable(),
  /** Who recorded it. */
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** 1 when created, +1 on every change: PATCH and DELETE name it (409 when stale). */
  version: z.number().int().positive(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseResponseSchema = z.object({ expense: expenseSchema });
/** GET /api/trips/:id/expenses: newest first (by date, then by when recorded). */
export const expensesResponseSchema = z.object({ expenses: z.array(expenseSchema) });
export type ExpensesResponse = z.infer<typeof expensesResponseSchema>;

/** DELETE /api/trips/:id/expenses/:expenseId?version=N (the version also accepted in a JSON body). */
export const expenseDeleteQuerySchema = z.object({
  version: z.coerce.number({ error: "Version is required" }).int().positive(),
});

/**
 * GET /api/trips/:id/balances: everything in the trip's settlement currency (`currency`), exact to its
 * minor unit; payments recorded between members are counted in the nets and the transfers.
 */
export const balancesResponseSchema = z.object({
  currency: z.string(),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      /** What they paid. */
      paid: z.number(),
      /** Their part of what was spent. */
      share: z.number(),
      /** paid − share: above 0 they are owed; the nets add up to exactly 0. */
      net: z.number(),
    }),
  ),
  /** The fewest transfers that bring every net to 0. */
  settle: z.array(z.object({ from: z.string(), to: z.string(), amount: z.number() })),
  /** Expenses and payments left out because their rate is still pending. */
  pending: z.number().int().nonnegative(),
});
export type BalancesResponse = z.infer<typeof balancesResponseSchema>;

/**
 * POST /api/trips/:id/payments: `from` gave `to` `amount` in `currency` on `date` ("Record a
 * payment"). A transfer between members, not spending. Membership of both is checked by the route.
 */
export const paymentInputSchema = z
  .object({
    from: userIdSchema,
    to: userIdSchema,
    amount: amountSchema,
    currency: currencySchema,
    date: storableDate("Date"),
  })
  .superRefine((value, ctx) => {
    if (value.from === value.to)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "Choose someone other than the payer",
      });
    for (const issue of moneyIssues({ amount: value.amount, currency: value.currency }))
      ctx.addIssue({ code: "custom", ...issue });
  });
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const paymentSchema = z.object({
  id: z.uuid(),
  tripId: z.uuid(),
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  currency: z.string(),
  date: z.iso.date(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentResponseSchema = z.object({ payment: paymentSchema });
/** GET /api/trips/:id/payments: newest first. */
export const paymentsResponseSchema = z.object({ payments: z.array(paymentSchema) });
export type PaymentsResponse = z.infer<typeof paymentsResponseSchema>;
