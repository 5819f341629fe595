import { currencyDecimals, fromMinor } from "#shared/money.ts";
import { EXPENSE_CATEGORY_LABELS, type ExpenseCategory } from "#shared/schemas/expenses.ts";
import type { TripExpenseRow } from "../db/schema.ts";
import type { Person } from "./trip-expenses.ts";

export const EXPENSES_CSV_HEADER = [
  "Date",
  "Description",
  "Category",
  "Amount",
  "Currency",
  "Amount (USD)",
  "Rate",
  "Rate date",
  "Paid by",
  "Split",
  "Shared by",
];

/**
 * A cell a spreadsheet would run as a formula (= + - @, and tab or carriage return that some read
 * as one) gets a leading apostrophe: it is shown as the text it is.
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvCell(value: string): string {
  const cell = neutralise(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Lines end with CRLF, as RFC 4180 says. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** GET /api/trips/:id/expenses.csv: one row per expense (newest first), amounts as decimals. */
export function expensesCsv(rows: TripExpenseRow[], people: Person[]): string {
  const names = new Map(people.map((p) => [p.userId, p.name]));
  const name = (id: string) => names.get(id) ?? id;
  return toCsv([
    EXPENSES_CSV_HEADER,
    ...rows.map((row) => [
      row.date,
      row.description,
      EXPENSE_CATEGORY_LABELS[row.category as ExpenseCategory] ?? row.category,
      decimalsText(row.amountMinor, row.currency),
      row.currency,
      row.amountUsdCents === null ? "" : decimalsText(row.amountUsdCents, "USD"),
      row.rate === null ? "" : String(row.rate),
      row.rateDate ?? "",
      name(row.paidBy),
      row.split.kind,
      row.split.among.map(name).join("; "),
    ]),
  ]);
}

/** 8400 EUR → "84.00": the currency's own decimals, always written out. */
function decimalsText(minor: number, currency: string): string {
  return fromMinor(minor, currency).toFixed(currencyDecimals(currency) ?? 2);
}
