import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type Expense,
  type ExpenseCategory,
  type ExpenseInput,
} from "#shared/schemas/expenses.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SelectField } from "#web/components/ui/select-field.tsx";
import { ApiRequestError, getErrorMessage } from "#web/lib/api-client.ts";
import { formatDate } from "#web/lib/format.ts";
import { useDeleteExpense } from "../api/delete-expense.ts";
import { getExpensesQueryOptions } from "../api/get-expenses.ts";
import { useUpdateExpense } from "../api/update-expense.ts";
import { formatAmount, formatDollars } from "../money-format.ts";
import type { MoneyMember } from "../money-member.ts";
import type { MoneyTrip } from "../trip-currencies.ts";
import { changedInput, collides } from "../expense-merge.ts";
import { ExpenseForm, type ExpenseEdit } from "./expense-form.tsx";

const ALL = "";

/** Who is named on an expense: who paid it and who shares it. */
const involves = (expense: Expense, userId: string) =>
  expense.paidBy === userId || expense.split.among.includes(userId);

function ExpenseItem({
  expense,
  trip,
  members,
  userId,
  canEdit,
  nameOf,
}: {
  expense: Expense;
  trip: MoneyTrip;
  members: readonly MoneyMember[];
  userId: string | undefined;
  canEdit: boolean;
  nameOf: (userId: string) => string;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateExpense(trip.id);
  const queryClient = useQueryClient();
  const remove = useDeleteExpense(trip.id);

  if (editing)
    return (
      <li className="rounded-lg border border-slate-300 bg-white p-3">
        <h3 className="mb-2 font-semibold">Edit “{expense.description}”</h3>
        <ExpenseForm
          trip={trip}
          members={members}
          userId={userId}
          expense={expense}
          pending={update.isPending}
          onSubmit={async (input: ExpenseInput, edit?: ExpenseEdit) => {
            const base = edit?.base ?? expense;
            const changed = edit?.changed ?? [];
            // Nothing changed here: nothing to save (a companion's values are not sent back).
            if (changed.length > 0) {
              const patch = changedInput(input, changed);
              try {
                await update.mutateAsync({
                  expenseId: expense.id,
                  patch: { ...patch, version: base.version },
                });
              } catch (error) {
                // Changed somewhere else since: sent again on the latest version when none of these
                // fields was changed there; otherwise the form asks (its values stay).
                if (!(error instanceof ApiRequestError) || error.status !== 409) throw error;
                const latest = (
                  await queryClient.fetchQuery({
                    ...getExpensesQueryOptions(trip.id),
                    staleTime: 0,
                  })
                ).find((e) => e.id === expense.id);
                if (!latest || collides(base, latest, changed)) throw error;
                await update.mutateAsync({
                  expenseId: expense.id,
                  patch: { ...patch, version: latest.version },
                });
              }
            }
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );

  const converted =
    expense.currency === "USD"
      ? null
      : expense.amountUsd === null
        ? "Rate pending"
        : `≈ ${formatDollars(expense.amountUsd)}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{expense.description}</h3>
          <p className="text-sm text-slate-600">
            {formatDate(expense.date)} · {EXPENSE_CATEGORY_LABELS[expense.category]} · Paid by{" "}
            {nameOf(expense.paidBy)}
          </p>
          <p className="text-sm text-slate-600">
            Shared by {expense.split.among.map(nameOf).join(", ")}
          </p>
        </div>
        <p className="text-right font-semibold tabular-nums">
          {formatAmount(expense.amount, expense.currency)}
          {converted ? (
            <span className="block text-sm font-normal text-slate-600">{converted}</span>
          ) : null}
        </p>
      </div>
      {canEdit ? (
        <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
          {confirming ? (
            <>
              <span className="text-sm">Delete “{expense.description}”?</span>
              <Button
                variant="destructive"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { expenseId: expense.id, version: expense.version },
                    { onSettled: () => setConfirming(false) },
                  )
                }
              >
                Delete
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit ${expense.description}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              <Button
                variant="danger"
                size="sm"
                aria-label={`Delete ${expense.description}`}
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      ) : null}
      {remove.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {getErrorMessage(remove.error, "Failed to delete the expense")}
        </p>
      ) : null}
    </li>
  );
}

/** The trip's expenses, newest first, filtered by category and by person (paid or sharing). */
export function ExpenseList({
  expenses,
  trip,
  members,
  userId,
  canEdit,
}: {
  expenses: readonly Expense[];
  trip: MoneyTrip;
  members: readonly MoneyMember[];
  userId: string | undefined;
  canEdit: boolean;
}) {
  const [category, setCategory] = useState<ExpenseCategory | typeof ALL>(ALL);
  const [person, setPerson] = useState(ALL);
  const names = new Map(members.map((m) => [m.userId, m.name]));
  // Someone who has left the trip stays on the expenses they were part of.
  const nameOf = (id: string) => names.get(id) ?? "A former member";
  const shown = expenses.filter(
    (e) => (category === ALL || e.category === category) && (person === ALL || involves(e, person)),
  );
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value as ExpenseCategory | typeof ALL)}
          options={[
            { value: ALL, label: "All categories" },
            ...EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] })),
          ]}
        />
        <SelectField
          label="Person"
          value={person}
          onChange={(e) => setPerson(e.target.value)}
          options={[
            { value: ALL, label: "Everyone" },
            ...members.map((m) => ({ value: m.userId, label: m.name })),
          ]}
        />
      </div>
      <p role="status" className="text-sm text-slate-600">
        {shown.length === expenses.length
          ? `${expenses.length} ${expenses.length === 1 ? "expense" : "expenses"}`
          : `${shown.length} of ${expenses.length} expenses`}
      </p>
      {shown.length > 0 ? (
        <ul aria-label="Expenses" className="flex flex-col gap-2">
          {shown.map((expense) => (
            <ExpenseItem
              key={expense.id}
              expense={expense}
              trip={trip}
              members={members}
              userId={userId}
              canEdit={canEdit}
              nameOf={nameOf}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
