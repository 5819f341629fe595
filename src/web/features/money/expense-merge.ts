import type { Expense, ExpenseInput } from "#shared/schemas/expenses.ts";
import { mergeFields } from "#web/lib/field-merge.ts";
import type { SplitFormState } from "./split-form.ts";

/** The expense's fields as its form holds them (what was typed, not yet read as numbers). */
export type ExpenseFormValues = {
  amount: string;
  /** Empty while a new expense's currency follows its date's stop. */
  currency: string;
  date: string;
  category: string;
  description: string;
  paidBy: string;
  split: SplitFormState;
};
export type ExpenseField = keyof ExpenseFormValues;

export const EXPENSE_FIELDS: readonly ExpenseField[] = [
  "amount",
  "currency",
  "date",
  "category",
  "description",
  "paidBy",
  "split",
];

/** How each field is named in the form's notes ("You both changed the amount"). */
export const EXPENSE_FIELD_NAMES: Record<ExpenseField, string> = {
  amount: "the amount",
  currency: "the currency",
  date: "the date",
  category: "the category",
  description: "the description",
  paidBy: "who paid",
  split: "the split",
};

const text = (value: number | undefined) => (value === undefined ? "" : String(value));

/** The split as the form holds it, from a saved one. */
export const splitFormOf = (split: Expense["split"]): SplitFormState => ({
  kind: split.kind,
  among: split.among,
  shares: Object.fromEntries(Object.entries(split.shares ?? {}).map(([id, n]) => [id, text(n)])),
  amounts: Object.fromEntries(Object.entries(split.amounts ?? {}).map(([id, n]) => [id, text(n)])),
});

/** A saved expense's values as the form shows them. */
export const formValuesOf = (expense: Expense): ExpenseFormValues => ({
  amount: text(expense.amount),
  currency: expense.currency,
  date: expense.date,
  category: expense.category,
  description: expense.description,
  paidBy: expense.paidBy,
  split: splitFormOf(expense.split),
});

/**
 * A field's value as one string, the same for the same meaning: a split's people in any order, and
 * only the figures its kind uses, so a tick undone and done again is no change.
 */
function keyOf(field: ExpenseField, values: ExpenseFormValues): string {
  if (field !== "split") return values[field];
  const { kind, among, shares, amounts } = values.split;
  const figures = kind === "shares" ? shares : kind === "exact" ? amounts : {};
  return JSON.stringify([
    kind,
    among.toSorted(),
    among.toSorted().map((id) => (figures[id] ?? "").trim()),
  ]);
}

export const sameField = (field: ExpenseField, a: ExpenseFormValues, b: ExpenseFormValues) =>
  keyOf(field, a) === keyOf(field, b);

/** The fields the traveller changed from what the form last took from the saved expense. */
export const changedFields = (base: ExpenseFormValues, values: ExpenseFormValues) =>
  EXPENSE_FIELDS.filter((field) => !sameField(field, base, values));

/**
 * The open form (`values`, started from `base`) and the expense as saved now (`current`), merged
 * field by field (lib/field-merge.ts), a split's people in any order being the same split.
 */
export const mergeExpenseValues = (
  base: ExpenseFormValues,
  values: ExpenseFormValues,
  current: ExpenseFormValues,
  open: readonly ExpenseField[] = [],
) => mergeFields(base, values, current, { same: sameField, open });

/**
 * True when a field this save changes was also changed in the saved expense since the form's base:
 * the save cannot simply be sent again on the latest version.
 */
export const collides = (base: Expense, latest: Expense, changed: readonly ExpenseField[]) => {
  const [was, now] = [formValuesOf(base), formValuesOf(latest)];
  return changed.some((field) => !sameField(field, was, now));
};

/** Only the changed fields of a checked input: what an edit sends. */
export const changedInput = (
  input: ExpenseInput,
  changed: readonly ExpenseField[],
): Partial<ExpenseInput> => Object.fromEntries(changed.map((field) => [field, input[field]]));
