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
import {
  changedFields,
  EXPENSE_FIELD_NAMES,
  formValuesOf,
  mergeExpenseValues,
  sameField,
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

/** "the amount", "the amount and the split", "the date, the amount and the split". */
const listNames = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;

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
  // The saved expense the form last took its values from, and the values as typed.
  const [base, setBase] = useState(expense);
  const [values, setValues] = useState(() => initialValues(trip, members, userId, expense));
  const [news, setNews] = useState<{ clashes: ExpenseField[]; taken: ExpenseField[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  // A newer version of the expense (a companion's change, or the latest after a 409): merged field
  // by field. Not while this form's own save runs: its result is not news.
  if (expense && base && !saving && expense.version !== base.version) {
    const merge = mergeExpenseValues(formValuesOf(base), values, formValuesOf(expense));
    setBase(expense);
    setValues(merge.values);
    // A clash stays until answered, whoever changes the expense next.
    const open = (news?.clashes ?? []).filter(
      (field) =>
        !merge.taken.includes(field) && !sameField(field, merge.values, formValuesOf(expense)),
    );
    const clashes = [...new Set([...open, ...merge.clashes])];
    setNews(clashes.length > 0 || merge.taken.length > 0 ? { clashes, taken: merge.taken } : null);
  }

  const set = <F extends ExpenseField>(field: F, value: ExpenseFormValues[F]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const { amount, date, category, description, paidBy, split } = values;
  const currency = values.currency || currencyOn(trip, date);
  const preview = previewSplit(amount, currency, split);

  const setSplit = (change: (s: SplitFormState) => SplitFormState) =>
    setValues((v) => ({ ...v, split: change(v.split) }));
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
    const clashes = news?.clashes ?? [];
    setValues((v) => ({ ...v, ...Object.fromEntries(clashes.map((f) => [f, theirs[f]])) }));
    keepMine();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
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
    setUnsaved(false);
    setNews((n) => (n && n.clashes.length > 0 ? { ...n, taken: [] } : null));
    setSaving(true);
    try {
      await onSubmit(
        parsed.data,
        base ? { changed: changedFields(formValuesOf(base), values), base } : undefined,
      );
      if (!expense) {
        // Ready for the next one: the same day, currency, payer and people; a new amount.
        setValues((v) => ({
          ...v,
          amount: "",
          description: "",
          split: { ...v.split, amounts: {} },
        }));
      }
    } catch (error) {
      const issues = error instanceof ApiRequestError ? error.issues : [];
      // Changed somewhere else: what was typed stays, on the latest version once it is read.
      if (error instanceof ApiRequestError && error.status === 409) setUnsaved(true);
      else
        setErrors(
          issues.length > 0
            ? errorsFrom(issues)
            : { form: getErrorMessage(error, "Failed to save the expense") },
        );
    } finally {
      setSaving(false);
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
          onChange={(e) => set("amount", e.target.value)}
          error={errors.amount}
        />
        <Field label="Currency" error={errors.currency}>
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
          error={errors.date}
        />
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => set("category", e.target.value as ExpenseCategory)}
          options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] }))}
          error={errors.category}
        />
      </div>
      <TextField
        label="Description"
        autoComplete="off"
        value={description}
        onChange={(e) => set("description", e.target.value)}
        error={errors.description}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Paid by"
          value={paidBy}
          onChange={(e) => set("paidBy", e.target.value)}
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
      {news && news.clashes.length > 0 ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded bg-amber-50 p-2 text-sm"
        >
          <p>
            This expense was changed while you were editing. You both changed{" "}
            {listNames(news.clashes.map((f) => EXPENSE_FIELD_NAMES[f]))}; your other changes are
            kept.
          </p>
          <Button variant="secondary" size="sm" onClick={keepMine}>
            Keep mine
          </Button>
          <Button variant="secondary" size="sm" onClick={takeTheirs}>
            Take theirs
          </Button>
        </div>
      ) : unsaved ? (
        <p role="alert" className="rounded bg-amber-50 p-2 text-sm">
          Not saved yet: this expense was changed somewhere else. Your changes are still here, on
          the latest version; save them again.
        </p>
      ) : null}
      {news && news.taken.length > 0 ? (
        <p role="status" className="text-sm text-slate-700">
          Someone changed {listNames(news.taken.map((f) => EXPENSE_FIELD_NAMES[f]))} while you were
          editing: shown here, with your changes.
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
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
