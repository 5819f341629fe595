import { useId, useState, type FormEvent } from "react";
import { fromMinor, SPLIT_KINDS, type SplitKind } from "#shared/money.ts";
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  expenseInputSchema,
  type Expense,
  type ExpenseCategory,
  type ExpenseInput,
} from "#shared/schemas/expenses.ts";
import { Button } from "#web/components/ui/button.tsx";
import { controlStyles, Field } from "#web/components/ui/field.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { formatAmount } from "../money-format.ts";
import { previewSplit, readNumber, toSplitInput, type SplitFormState } from "../split-form.ts";
import {
  currencyOn,
  currencyOptions,
  defaultExpenseDate,
  type MoneyTrip,
} from "../trip-currencies.ts";
import type { MoneyMember } from "../money-member.ts";

const SPLIT_LABELS: Record<SplitKind, string> = {
  equal: "Equally",
  shares: "By shares",
  exact: "Exact amounts",
};

type Errors = Partial<
  Record<
    "amount" | "currency" | "date" | "category" | "description" | "paidBy" | "split" | "form",
    string
  >
>;

/** Issues (the form's own check or the server's 422) by the field they name; the first one wins. */
function errorsFrom(issues: readonly { path: string | readonly PropertyKey[]; message: string }[]) {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    const field = (path[0] ?? "form") as keyof Errors;
    const key: keyof Errors = field in FIELD_NAMES ? field : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
const FIELD_NAMES: Record<string, true> = {
  amount: true,
  currency: true,
  date: true,
  category: true,
  description: true,
  paidBy: true,
  split: true,
};

const text = (value: number | undefined) => (value === undefined ? "" : String(value));

function initialSplit(members: readonly MoneyMember[], expense?: Expense): SplitFormState {
  if (!expense)
    return { kind: "equal", among: members.map((m) => m.userId), shares: {}, amounts: {} };
  const { split } = expense;
  return {
    kind: split.kind,
    among: split.among,
    shares: Object.fromEntries(Object.entries(split.shares ?? {}).map(([id, n]) => [id, text(n)])),
    amounts: Object.fromEntries(
      Object.entries(split.amounts ?? {}).map(([id, n]) => [id, text(n)]),
    ),
  };
}

/**
 * Add (or edit) an expense on one phone screen: amount and currency (the stop's, preselected, and
 * following the date until chosen by hand), date and category, what it was, who paid, and how it is
 * split, with each person's part shown as it is typed.
 */
export function ExpenseForm({
  trip,
  members,
  userId,
  expense,
  pending,
  onSubmit,
  onCancel,
}: {
  trip: MoneyTrip;
  members: readonly MoneyMember[];
  userId: string | undefined;
  /** The expense being edited; absent to add one. */
  expense?: Expense;
  pending: boolean;
  /** Saves; rejects with the API's error, whose field issues the form shows. */
  onSubmit: (input: ExpenseInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [date, setDate] = useState(() => expense?.date ?? defaultExpenseDate(trip));
  // The currency follows the date's stop until someone picks one.
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(expense?.currency ?? null);
  const currency = chosenCurrency ?? currencyOn(trip, date);
  const [amount, setAmount] = useState(() => text(expense?.amount));
  const [category, setCategory] = useState<ExpenseCategory>(expense?.category ?? "food");
  const [description, setDescription] = useState(expense?.description ?? "");
  const [paidBy, setPaidBy] = useState(
    () =>
      expense?.paidBy ??
      members.find((m) => m.userId === userId)?.userId ??
      members[0]?.userId ??
      "",
  );
  const [split, setSplit] = useState(() => initialSplit(members, expense));
  const [errors, setErrors] = useState<Errors>({});
  const preview = previewSplit(amount, currency, split);

  const toggle = (memberId: string, on: boolean) =>
    setSplit((s) => ({
      ...s,
      // Kept in the members' order, so the list reads the same however it was ticked.
      among: members
        .map((m) => m.userId)
        .filter((m) => (m === memberId ? on : s.among.includes(m))),
    }));
  const setFigure = (memberId: string, value: string) =>
    setSplit((s) =>
      s.kind === "shares"
        ? { ...s, shares: { ...s.shares, [memberId]: value } }
        : { ...s, amounts: { ...s.amounts, [memberId]: value } },
    );
  const setKind = (kind: SplitKind) =>
    setSplit((s) => ({
      ...s,
      kind,
      // Shares start at one each: "By shares" is then equal until someone counts double.
      shares:
        kind === "shares"
          ? Object.fromEntries(members.map((m) => [m.userId, s.shares[m.userId] ?? "1"]))
          : s.shares,
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      amount: readNumber(amount),
      currency,
      date,
      category,
      description,
      paidBy,
      split: toSplitInput(split),
    };
    const parsed = expenseInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(errorsFrom(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await onSubmit(parsed.data);
      if (!expense) {
        // Ready for the next one: the same day, currency, payer and people; a new amount.
        setAmount("");
        setDescription("");
        setSplit((s) => ({ ...s, amounts: {} }));
      }
    } catch (error) {
      const issues = error instanceof ApiRequestError ? error.issues : [];
      setErrors(
        issues.length > 0
          ? errorsFrom(issues)
          : { form: getErrorMessage(error, "Failed to save the expense") },
      );
    }
  };

  const leftText =
    preview.left === null || preview.left === 0
      ? null
      : preview.left > 0
        ? `${formatAmount(fromMinor(preview.left, currency), currency)} left to assign`
        : `${formatAmount(fromMinor(-preview.left, currency), currency)} too much assigned`;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
        />
        <Field label="Currency" error={errors.currency}>
          {(control) => (
            <select
              className={controlStyles}
              value={currency}
              onChange={(e) => setChosenCurrency(e.target.value)}
              {...control}
            >
              {currencyOptions(trip).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={errors.date}
        />
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value as ExpenseCategory)}
          options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] }))}
          error={errors.category}
        />
      </div>
      <TextField
        label="Description"
        autoComplete="off"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Paid by"
          value={paidBy}
          onChange={(e) => setPaidBy(e.target.value)}
          options={members.map((m) => ({ value: m.userId, label: m.name }))}
          error={errors.paidBy}
        />
        <SelectField
          label="Split"
          value={split.kind}
          onChange={(e) => setKind(e.target.value as SplitKind)}
          options={SPLIT_KINDS.map((k) => ({ value: k, label: SPLIT_LABELS[k] }))}
        />
      </div>
      <fieldset aria-describedby={errors.split ? `${id}-split-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Shared by</legend>
        <ul className="mt-1 flex flex-col gap-1">
          {members.map((member) => {
            const sharing = split.among.includes(member.userId);
            const part = preview.parts.get(member.userId);
            return (
              <li key={member.userId} className="flex min-h-10 items-center gap-2">
                <label className="flex min-w-0 flex-1 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={sharing}
                    onChange={(e) => toggle(member.userId, e.target.checked)}
                  />
                  <span className="truncate">{member.name}</span>
                </label>
                {sharing && split.kind !== "equal" ? (
                  <input
                    className="w-20 rounded-md border border-slate-400 px-2 py-1"
                    inputMode={split.kind === "shares" ? "numeric" : "decimal"}
                    aria-label={
                      split.kind === "shares"
                        ? `Shares of ${member.name}`
                        : `Amount of ${member.name}`
                    }
                    value={
                      (split.kind === "shares" ? split.shares : split.amounts)[member.userId] ?? ""
                    }
                    onChange={(e) => setFigure(member.userId, e.target.value)}
                  />
                ) : null}
                <span className="w-24 text-right text-sm text-slate-700 tabular-nums">
                  {sharing && part !== null && part !== undefined
                    ? formatAmount(fromMinor(part, currency), currency)
                    : sharing
                      ? "—"
                      : ""}
                </span>
              </li>
            );
          })}
        </ul>
        {leftText ? <p className="mt-1 text-sm text-amber-900">{leftText}</p> : null}
        {errors.split ? (
          <p id={`${id}-split-error`} className="mt-1 text-sm text-red-700">
            {errors.split}
          </p>
        ) : null}
      </fieldset>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending} block={!onCancel}>
          {expense ? "Save expense" : "Add expense"}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
