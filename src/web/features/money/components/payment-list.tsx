import { useState } from "react";
import type { Payment } from "#shared/schemas/expenses.ts";
import { Button } from "#web/components/ui/button.tsx";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { formatDate } from "#web/lib/format.ts";
import { useDeletePayment } from "../api/delete-payment.ts";
import { formatAmount } from "../money-format.ts";

function PaymentItem({
  payment,
  tripId,
  canEdit,
  nameOf,
}: {
  payment: Payment;
  tripId: string;
  canEdit: boolean;
  nameOf: (userId: string) => string;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePayment(tripId);
  const what = `${nameOf(payment.from)} paid ${nameOf(payment.to)} ${formatAmount(payment.amount, payment.currency)}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-100 px-3 py-2">
      <span>
        {what} <span className="text-sm text-slate-600">· {formatDate(payment.date)}</span>
      </span>
      {canEdit ? (
        confirming ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-sm">Delete this payment?</span>
            <Button
              variant="destructive"
              size="sm"
              disabled={remove.isPending}
              onClick={() => remove.mutate(payment.id, { onSettled: () => setConfirming(false) })}
            >
              Delete
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button
            variant="danger"
            size="sm"
            aria-label={`Delete payment: ${what}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        )
      ) : null}
      {remove.isError ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {getErrorMessage(remove.error, "Failed to delete the payment")}
        </p>
      ) : null}
    </li>
  );
}

/** The payments recorded between members, newest first; editors may delete one recorded by mistake. */
export function PaymentList({
  payments,
  tripId,
  canEdit,
  nameOf,
}: {
  payments: readonly Payment[];
  tripId: string;
  canEdit: boolean;
  nameOf: (userId: string) => string;
}) {
  return (
    <section aria-labelledby="payments-heading" className="flex flex-col gap-1">
      <h3 id="payments-heading" className="text-lg font-semibold">
        Payments
      </h3>
      {payments.length === 0 ? (
        <p className="text-sm text-slate-700">No payments recorded yet.</p>
      ) : (
        <ul aria-label="Payments recorded" className="flex flex-col gap-1">
          {payments.map((payment) => (
            <PaymentItem
              key={payment.id}
              payment={payment}
              tripId={tripId}
              canEdit={canEdit}
              nameOf={nameOf}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
