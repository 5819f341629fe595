import type { BalancesResponse } from "#shared/schemas/expenses.ts";
import { formatDollars } from "../money-format.ts";

const netText = (net: number) =>
  net > 0
    ? `is owed ${formatDollars(net)}`
    : net < 0
      ? `owes ${formatDollars(-net)}`
      : "is settled";

/**
 * Who paid what, whose part it was and where each stands (in US dollars, cents exact), then
 * "Settle up": the fewest transfers that bring everyone to zero.
 */
export function BalancesPanel({ balances }: { balances: BalancesResponse }) {
  const nameOf = (id: string) =>
    balances.members.find((m) => m.userId === id)?.name ?? "A former member";
  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Balances in US dollars</caption>
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
                <td className="py-1 pr-2 text-right tabular-nums">{formatDollars(member.paid)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{formatDollars(member.share)}</td>
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
            ? "1 expense is waiting for its exchange rate and is not counted yet."
            : `${balances.pending} expenses are waiting for their exchange rate and are not counted yet.`}
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
                className="rounded-md bg-slate-100 px-3 py-2"
              >
                {nameOf(transfer.from)} pays {nameOf(transfer.to)}{" "}
                <strong className="tabular-nums">{formatDollars(transfer.amount)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
