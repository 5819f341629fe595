import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { fromMinor, SPLIT_KINDS, type SplitKind } from "#shared/money.ts";
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  expenseInputSchema,
  type Expense,
  type ExpenseCategory,
  type ExpenseInput,
} from "#shared/schemas/expenses.ts";
import { MergeNotes } from "#web/components/merge-notes.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { controlStyles, Field } from "#web/components/ui/field.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { firstMessage } from "#web/lib/form-errors.ts";
import { formatAmount } from "../money-format.ts";
import {
  changedFields,
  EXPENSE_FIELD_NAMES,
  formValuesOf,
  mergeExpenseValues,
  type ExpenseField,
  type ExpenseFormValues,
} from "../expense-merge.ts";
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

const FIELD_NAMES: Record<string, true> = {
  amount: true,
  currency: true,
  date: true,
  category: true,
  description: true,
  paidBy: true,
  split: true,
};

/** The expense as the API takes it, from the form's values (amounts typed, the split as held). */
const toInput = (values: ExpenseFormValues, trip: MoneyTrip) => ({
  amount: readNumber(values.amount),
  currency: values.currency || currencyOn(trip, values.date),
  date: values.date,
  category: values.category,
  description: values.description,
  paidBy: values.paidBy,
  split: toSplitInput(values.split),
});

// The API's own schema checks what the form would send (the trip comes as the form's context).
const checkInput = zodResolver(expenseInputSchema);
const expenseResolver: Resolver<ExpenseFormValues, MoneyTrip, ExpenseInput> = (
  values,
  trip,
  options,
) => checkInput(toInput(values, trip!) as never, undefined, options as never);

function initialValues(
  trip: MoneyTrip,
  members: readonly MoneyMember[],
  userId: string | undefined,
  expense: Expense | undefined,
): ExpenseFormValues {
  if (expense) return formValuesOf(expense);
  return {
    amount: "",
    // Follows the date's stop until someone picks one.
    currency: "",
    date: defaultExpenseDate(trip),
    category: "food",
    description: "",
    paidBy: members.find((m) => m.userId === userId)?.userId ?? members[0]?.userId ?? "",
    split: { kind: "equal", among: members.map((m) => m.userId), shares: {}, amounts: {} },
  };
}

/** What an edit's save is based on: the fields changed, and the saved expense they changed. */
export type ExpenseEdit = { changed: ExpenseField[]; base: Expense };

/**
 * Add (or edit) an expense on one phone screen: amount and currency (the stop's, preselected, and
 * following the date until chosen by hand), date and category, what it was, who paid, and how it is
 * split, with each person's part shown as it is typed. Editing, it saves only the fields changed
 * here: a companion's change to the others while the form is open is taken into it, Keep mine / Take
 * theirs is asked only for a field both changed, and a 409 leaves the form open with what was typed.
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
  /** The expense being edited, as saved now (it follows companions' changes); absent to add one. */
  expense?: Expense;
  pending: boolean;
  /**
   * Saves the checked form, and for an edit the fields changed and the saved expense they were
   * changed from; rejects with the API's error, whose field issues the form shows.
   */
  onSubmit: (input: ExpenseInput, edit?: ExpenseEdit) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  // The saved expense the form last took its values from; the values as typed are the form's.
  const [base, setBase] = useState(expense);
  const form = useForm<ExpenseFormValues, MoneyTrip, ExpenseInput>({
    defaultValues: initialValues(trip, members, userId, expense),
    resolver: expenseResolver,
    context: trip,
  });
  const values = useWatch({ control: form.control }) as ExpenseFormValues;
  const [news, setNews] = useState<{ clashes: ExpenseField[]; taken: ExpenseField[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const { errors } = form.formState;

  // A newer version of the expense (a companion's change, or the latest after a 409): merged field
  // by field. Not while this form's own save runs: its result is not news.
  if (expense && base && !saving && expense.version !== base.version) {
    const merge = mergeExpenseValues(
      formValuesOf(base),
      form.getValues(),
      formValuesOf(expense),
      news?.clashes,
    );
    setBase(expense);
    for (const field of merge.taken) form.setValue(field, merge.values[field]);
    // A clash stays until answered, whoever changes the expense next.
    setNews(
      merge.clashes.length > 0 || merge.taken.length > 0
        ? { clashes: merge.clashes, taken: merge.taken }
        : null,
    );
  }

  const set = <F extends ExpenseField>(field: F, value: ExpenseFormValues[F]) =>
    form.setValue(field, value as never);
  const { amount, date, category, description, paidBy, split } = values;
  const currency = values.currency || currencyOn(trip, date);
  const preview = previewSplit(amount, currency, split);

  const setSplit = (change: (s: SplitFormState) => SplitFormState) =>
    set("split", change(form.getValues("split")));
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

  const keepMine = () => setNews((n) => (n && n.taken.length > 0 ? { ...n, clashes: [] } : null));
  const takeTheirs = () => {
    if (!base) return;
    const theirs = formValuesOf(base);
    for (const field of news?.clashes ?? []) form.setValue(field, theirs[field]);
    keepMine();
  };

  const save = async (input: ExpenseInput) => {
    if (saving) return;
    setUnsaved(false);
    setNews((n) => (n && n.clashes.length > 0 ? { ...n, taken: [] } : null));
    setSaving(true);
    try {
      await onSubmit(
        input,
        base ? { changed: changedFields(formValuesOf(base), form.getValues()), base } : undefined,
      );
      if (!expense) {
        // Ready for the next one: the same day, currency, payer and people; a new amount.
        set("amount", "");
        set("description", "");
        setSplit((s) => ({ ...s, amounts: {} }));
      }
    } catch (error) {
      const issues = error instanceof ApiRequestError ? error.issues : [];
      // Changed somewhere else: what was typed stays, on the latest version once it is read.
      if (error instanceof ApiRequestError && error.status === 409) setUnsaved(true);
      else if (issues.length === 0)
        form.setError("root", { message: getErrorMessage(error, "Failed to save the expense") });
      // The server's issues by the field they name; the first one wins (set last).
      else
        for (const issue of issues.toReversed()) {
          const field = issue.path.split(".")[0] ?? "";
          if (field in FIELD_NAMES)
            form.setError(field as ExpenseField, { message: issue.message });
          else form.setError("root", { message: issue.message });
        }
    } finally {
      setSaving(false);
    }
  };

  const splitError = firstMessage(errors.split);
  const leftText =
    preview.left === null || preview.left === 0
      ? null
      : preview.left > 0
        ? `${formatAmount(fromMinor(preview.left, currency), currency)} left to assign`
        : `${formatAmount(fromMinor(-preview.left, currency), currency)} too much assigned`;

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="flex flex-col gap-3"
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => set("amount", e.target.value)}
          error={errors.amount?.message}
        />
        <Field label="Currency" error={errors.currency?.message}>
          {(control) => (
            <select
              className={controlStyles}
              value={currency}
              onChange={(e) => set("currency", e.target.value)}
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
          onChange={(e) => set("date", e.target.value)}
          error={errors.date?.message}
        />
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => set("category", e.target.value as ExpenseCategory)}
          options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] }))}
          error={errors.category?.message}
        />
      </div>
      <TextField
        label="Description"
        autoComplete="off"
        value={description}
        onChange={(e) => set("description", e.target.value)}
        error={errors.description?.message}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Paid by"
          value={paidBy}
          onChange={(e) => set("paidBy", e.target.value)}
          options={members.map((m) => ({ value: m.userId, label: m.name }))}
          error={errors.paidBy?.message}
        />
        <SelectField
          label="Split"
          value={split.kind}
          onChange={(e) => setKind(e.target.value as SplitKind)}
          options={SPLIT_KINDS.map((k) => ({ value: k, label: SPLIT_LABELS[k] }))}
        />
      </div>
      <fieldset aria-describedby={splitError ? `${id}-split-error` : undefined}>
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
        {splitError ? (
          <p id={`${id}-split-error`} className="mt-1 text-sm text-red-700">
            {splitError}
          </p>
        ) : null}
      </fieldset>
      <MergeNotes
        news={news && { ...news, by: null }}
        names={EXPENSE_FIELD_NAMES}
        thing="expense"
        savedIn="expense"
        unsaved={unsaved}
        onKeepMine={keepMine}
        onTakeTheirs={takeTheirs}
      />
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || saving} block={!onCancel}>
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
