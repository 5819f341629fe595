import {
  EXPENSE_CATEGORIES,
  type Expense,
  type ExpenseCategory,
} from "#shared/schemas/expenses.ts";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";

/** One bar pair of "Planned vs spent": a day or a category, in US dollars. */
export type PlannedSpentRow = { key: string; label: string; planned: number; spent: number };

const cents = (amount: number) => Math.round(amount * 100);
const dollars = (amountCents: number) => amountCents / 100;

// The plan's activities carry no category: their kind is read from their words, a guess that puts
// anything it does not recognise under activities (which most of a plan is).
const CATEGORY_WORDS: readonly [ExpenseCategory, RegExp][] = [
  [
    "food",
    /\b(breakfast|brunch|lunch|dinner|supper|restaurant|caf[eé]|bistro|brasserie|bakery|boulangerie|food|meal|tasting|wine|bar|pub|tapas|pizza|sushi|ramen|picnic|coffee|ice cream|gelato|market hall)\b/i,
  ],
  [
    "transport",
    /\b(train|tram|metro|subway|bus|taxi|uber|ferry|flight|airport|transfer|car rental|bike rental|station)\b/i,
  ],
  ["lodging", /\b(hotel|hostel|check[- ]in|check[- ]out|apartment|airbnb|guesthouse)\b/i],
  ["shopping", /\b(shopping|shop|boutique|souvenirs?|mall|flea market)\b/i],
];

export function plannedCategory(
  activity: Pick<Activity, "activity" | "location">,
): ExpenseCategory {
  const text = `${activity.activity} ${activity.location}`;
  return CATEGORY_WORDS.find(([, words]) => words.test(text))?.[0] ?? "activities";
}

/** Expenses still waiting for a rate have no USD amount: left out of the sums, and counted. */
export const pendingCount = (expenses: readonly Expense[]) =>
  expenses.filter((e) => e.amountUsd === null).length;

/**
 * Per day: the plan's known activity costs against what was spent that day (USD, summed in cents
 * so the totals are exact). Days of expenses outside the plan get rows of their own, in date order.
 */
export function plannedVsSpentByDay(
  days: readonly Day[],
  expenses: readonly Expense[],
  label: (date: string) => string,
): PlannedSpentRow[] {
  const rows = new Map<string, { planned: number; spent: number }>();
  for (const day of days)
    rows.set(day.date, {
      planned: day.activities.reduce((sum, a) => sum + cents(a.cost ?? 0), 0),
      spent: 0,
    });
  for (const expense of expenses) {
    if (expense.amountUsd === null) continue;
    const row = rows.get(expense.date) ?? { planned: 0, spent: 0 };
    row.spent += cents(expense.amountUsd);
    rows.set(expense.date, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, row]) => ({
      key: date,
      label: label(date),
      planned: dollars(row.planned),
      spent: dollars(row.spent),
    }));
}

/** Per category, in the API's order of categories: planned (guessed from words) against spent. */
export function plannedVsSpentByCategory(
  days: readonly Day[],
  expenses: readonly Expense[],
  label: (category: ExpenseCategory) => string,
): PlannedSpentRow[] {
  const planned = new Map<ExpenseCategory, number>();
  const spent = new Map<ExpenseCategory, number>();
  for (const day of days)
    for (const activity of day.activities) {
      const category = plannedCategory(activity);
      planned.set(category, (planned.get(category) ?? 0) + cents(activity.cost ?? 0));
    }
  for (const expense of expenses) {
    if (expense.amountUsd === null) continue;
    spent.set(expense.category, (spent.get(expense.category) ?? 0) + cents(expense.amountUsd));
  }
  return EXPENSE_CATEGORIES.map((category) => ({
    key: category,
    label: label(category),
    planned: dollars(planned.get(category) ?? 0),
    spent: dollars(spent.get(category) ?? 0),
  }));
}
