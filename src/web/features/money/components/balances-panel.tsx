import type { BalancesResponse } from "#shared/schemas/expenses.ts";
import { Button } from "#web/components/ui/button.tsx";
import { formatAmount } from "../money-format.ts";

type Transfer = BalancesResponse["settle"][number];

/**
 * Who paid what, whose part it was and where each stands (in the trip's settlement currency, exact
 * to its cent), then "Settle up": the fewest transfers that bring everyone to zero, each of which a
 * member with edit rights can record as paid.
 */
export function BalancesPanel({
  balances,
  onRecord,
  recording = false,
}: {
  balances: BalancesResponse;
  /** Records the transfer as a payment; absent for viewers. */
  onRecord?: (transfer: Transfer) => void;
  recording?: boolean;
}) {
  const money = (amount: number) => formatAmount(amount, balances.currency);
  const netText = (net: number) =>
    net > 0 ? `is owed ${money(net)}` : net < 0 ? `owes ${money(-net)}` : "is settled";
  const nameOf = (id: string) =>
    balances.members.find((m) => m.userId === id)?.name ?? "A former member";
  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Balances in {balances.currency}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-2">
                Person
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Paid
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                Share
              </th>
              <th scope="col" className="py-1 text-right">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {balances.members.map((member) => (
              <tr key={member.userId} className="border-b border-slate-200">
                <th scope="row" className="py-1 pr-2 font-medium">
                  {member.name}
                </th>
                <td className="py-1 pr-2 text-right tabular-nums">{money(member.paid)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{money(member.share)}</td>
                <td
                  className={`py-1 text-right tabular-nums ${member.net < 0 ? "text-red-800" : member.net > 0 ? "text-green-800" : ""}`}
                >
                  {netText(member.net)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {balances.pending > 0 ? (
        <p className="text-sm text-slate-700">
          {balances.pending === 1
            ? "1 expense or payment is waiting for its exchange rate and is not counted yet."
            : `${balances.pending} expenses or payments are waiting for their exchange rate and are not counted yet.`}
        </p>
      ) : null}
      <section aria-labelledby="settle-up-heading">
        <h3 id="settle-up-heading" className="text-lg font-semibold">
          Settle up
        </h3>
        {balances.settle.length === 0 ? (
          <p className="text-sm text-slate-700">Everyone is settled.</p>
        ) : (
          <ul aria-label="Transfers" className="mt-1 flex flex-col gap-1">
            {balances.settle.map((transfer) => (
              <li
                key={`${transfer.from}-${transfer.to}`}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-100 px-3 py-2"
              >
                <span>
                  {nameOf(transfer.from)} pays {nameOf(transfer.to)}{" "}
                  <strong className="tabular-nums">{money(transfer.amount)}</strong>
                </span>
                {onRecord ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={recording}
                    onClick={() => onRecord(transfer)}
                    aria-label={`Record a payment: ${nameOf(transfer.from)} paid ${nameOf(transfer.to)} ${money(transfer.amount)}`}
                  >
                    Record a payment
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
