import { useState, type ReactNode } from "react";
import { buttonStyles } from "#web/components/ui/button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useCreateExpense } from "../api/create-expense.ts";
import { useCreatePayment } from "../api/create-payment.ts";
import { useUpdateSettlement } from "../api/update-settlement.ts";
import { currencyOptions, localToday } from "../trip-currencies.ts";
import { LOAD_BALANCES_FAILED, useBalances } from "../api/get-balances.ts";
import { expensesCsvUrl } from "../api/get-expenses-csv.ts";
import { LOAD_EXPENSES_FAILED, useExpenses } from "../api/get-expenses.ts";
import { LOAD_PAYMENTS_FAILED, usePayments } from "../api/get-payments.ts";
import type { MoneyMember } from "../money-member.ts";
import type { MoneyTrip } from "../trip-currencies.ts";
import { BalancesPanel } from "./balances-panel.tsx";
import { ExpenseForm } from "./expense-form.tsx";
import { ExpenseList } from "./expense-list.tsx";
import { PaymentForm } from "./payment-form.tsx";
import { PaymentList } from "./payment-list.tsx";
import { PlannedVsSpentSection } from "./planned-vs-spent-section.tsx";
import { SpendingSummary } from "#web/components/spending-breakdown.tsx";
import { formatUsd } from "#web/lib/format.ts";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex items-center gap-3 text-sm text-red-800">
      <span>{message}</span>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * The Money tab: add an expense (editors and the owner), the balances and how to settle up, planned
 * against spent, the list and the CSV. Phone first: one column, the form on one screen at the top.
 */
export function MoneyPanel({
  trip,
  members,
  userId,
  canEdit,
}: {
  trip: MoneyTrip;
  members: readonly MoneyMember[];
  userId: string | undefined;
  canEdit: boolean;
}) {
  const expenses = useExpenses(trip.id);
  const balances = useBalances(trip.id);
  const create = useCreateExpense(trip.id);
  const [added, setAdded] = useState<string | null>(null);
  const pay = useCreatePayment(trip.id);
  const settlement = useUpdateSettlement(trip.id);
  const currency = balances.data?.currency ?? trip.settlementCurrency;
  const payments = usePayments(trip.id);
  // A separate mutation: the form's own errors are shown by the form, not the suggestions' line.
  const recordPayment = useCreatePayment(trip.id);
  const nameOf = (id: string) =>
    members.find((m) => m.userId === id)?.name ??
    balances.data?.members.find((m) => m.userId === id)?.name ??
    "A former member";

  return (
    <div className="flex flex-col gap-6 lg:grid lg:grid-cols-2 lg:items-start">
      {canEdit ? (
        <Section id="add-expense-heading" title="Add an expense">
          {members.length === 0 ? (
            <p role="status" className="text-slate-600">
              Loading...
            </p>
          ) : (
            <ExpenseForm
              trip={trip}
              members={members}
              userId={userId}
              pending={create.isPending}
              onSubmit={async (input) => {
                setAdded(null);
                const expense = await create.mutateAsync(input);
                setAdded(`Added “${expense.description}”.`);
              }}
            />
          )}
          <p role="status" className="text-sm text-green-800">
            {added}
          </p>
        </Section>
      ) : null}
      <Section id="balances-heading" title="Balances">
        <label className="flex flex-col gap-1 text-sm font-medium sm:flex-row sm:items-center sm:gap-2">
          Settle in
          <select
            className="min-h-11 rounded-md border border-slate-400 bg-white px-2 py-1"
            value={currency}
            disabled={!canEdit || settlement.isPending}
            onChange={(event) =>
              settlement.mutate({ version: trip.version, currency: event.target.value })
            }
          >
            {currencyOptions(trip).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {settlement.isError || pay.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {getErrorMessage(settlement.error ?? pay.error, "Failed to save")}
          </p>
        ) : null}
        {balances.isError ? (
          <LoadFailed
            message={getErrorMessage(balances.error, LOAD_BALANCES_FAILED)}
            onRetry={() => void balances.refetch()}
          />
        ) : balances.data ? (
          <BalancesPanel
            balances={balances.data}
            recording={pay.isPending}
            onRecord={
              canEdit
                ? (transfer) =>
                    pay.mutate({
                      ...transfer,
                      currency: balances.data.currency,
                      date: localToday(),
                    })
                : undefined
            }
          />
        ) : (
          <p className="text-slate-600">Loading...</p>
        )}
        {payments.isError ? (
          <LoadFailed
            message={getErrorMessage(payments.error, LOAD_PAYMENTS_FAILED)}
            onRetry={() => void payments.refetch()}
          />
        ) : payments.data ? (
          <PaymentList
            payments={payments.data}
            tripId={trip.id}
            canEdit={canEdit}
            nameOf={nameOf}
          />
        ) : null}
        {canEdit && members.length > 1 ? (
          <PaymentForm
            trip={trip}
            members={members}
            userId={userId}
            currency={currency}
            onSubmit={(input) => recordPayment.mutateAsync(input)}
          />
        ) : null}
      </Section>
      <Section id="planned-spent-heading" title="Planned vs spent">
        {/* The whole trip's planned spending for the party (issue 47), as the header shows it. */}
        {trip.spending ? (
          <div className="text-sm">
            <p className="font-medium">Planned spending {formatUsd(trip.spending.total)}</p>
            <SpendingSummary spending={trip.spending} travellers={trip.party?.travellers ?? 1} />
          </div>
        ) : null}
        {expenses.data ? (
          <PlannedVsSpentSection trip={trip} expenses={expenses.data} />
        ) : expenses.isError ? null : (
          <p className="text-slate-600">Loading...</p>
        )}
      </Section>
      <Section id="expenses-heading" title="Expenses">
        {expenses.isError ? (
          <LoadFailed
            message={getErrorMessage(expenses.error, LOAD_EXPENSES_FAILED)}
            onRetry={() => void expenses.refetch()}
          />
        ) : expenses.data ? (
          <ExpenseList
            expenses={expenses.data}
            trip={trip}
            members={members}
            userId={userId}
            canEdit={canEdit}
          />
        ) : (
          <p className="text-slate-600">Loading...</p>
        )}
        <a
          href={expensesCsvUrl(trip.id)}
          download
          className={`${buttonStyles({ variant: "secondary", size: "sm" })} w-fit`}
        >
          Download CSV
        </a>
      </Section>
    </div>
  );
}
