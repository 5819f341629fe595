import { useMemo, useState } from "react";
import { EXPENSE_CATEGORY_LABELS, type Expense } from "#shared/schemas/expenses.ts";
import { formatWeekday } from "#web/lib/format.ts";
import { formatDollars } from "../money-format.ts";
import {
  pendingCount,
  plannedVsSpentByCategory,
  plannedVsSpentByDay,
} from "../planned-vs-spent.ts";
import type { MoneyTrip } from "../trip-currencies.ts";
import { PLANNED_COLOR, PlannedSpentChart, SPENT_COLOR } from "./planned-spent-chart.tsx";

type View = "day" | "category";

/**
 * "Planned vs spent" in US dollars, per day or per category: a bar chart (uPlot, loaded with it)
 * and the same figures as a table, the chart's accessible form.
 */
export function PlannedVsSpentSection({
  trip,
  expenses,
}: {
  trip: MoneyTrip;
  expenses: readonly Expense[];
}) {
  const [view, setView] = useState<View>("day");
  const days = trip.itinerary.days;
  const rows = useMemo(
    () =>
      view === "day"
        ? plannedVsSpentByDay(days, expenses, formatWeekday)
        : plannedVsSpentByCategory(days, expenses, (c) => EXPENSE_CATEGORY_LABELS[c]),
    [view, days, expenses],
  );
  const pending = pendingCount(expenses);
  const per = view === "day" ? "per day" : "per category";
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Show" className="flex gap-2">
        {(["day", "category"] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => setView(v)}
            className={`focus-visible:outline-brand-700 rounded-md border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 ${
              view === v
                ? "bg-brand-700 border-transparent text-white"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
            }`}
          >
            {v === "day" ? "Per day" : "Per category"}
          </button>
        ))}
      </div>
      <p className="flex gap-4 text-sm" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3" style={{ background: PLANNED_COLOR }} /> Planned
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3" style={{ background: SPENT_COLOR }} /> Spent
        </span>
      </p>
      <PlannedSpentChart
        rows={rows}
        label={`Chart of planned and spent ${per} in US dollars; the table below has the figures`}
      />
      <details>
        <summary className="text-brand-800 cursor-pointer text-sm font-medium">
          The figures as a table
        </summary>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">Planned and spent {per}, US dollars</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-2">
                  {view === "day" ? "Day" : "Category"}
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  Planned
                </th>
                <th scope="col" className="py-1 text-right">
                  Spent
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-slate-200">
                  <th scope="row" className="py-1 pr-2 font-medium">
                    {row.label}
                  </th>
                  <td className="py-1 pr-2 text-right tabular-nums">
                    {formatDollars(row.planned)}
                  </td>
                  <td className="py-1 text-right tabular-nums">{formatDollars(row.spent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {view === "category" ? (
        <p className="text-xs text-slate-600">
          Planned costs are sorted into categories by what the activities are called.
        </p>
      ) : null}
      {pending > 0 ? (
        <p className="text-sm text-slate-700">
          Not counted yet: {pending} {pending === 1 ? "expense" : "expenses"} waiting for an
          exchange rate.
        </p>
      ) : null}
    </div>
  );
}
