import type { DeletionSummary } from "./schemas/trip-deletion.ts";

// Without zod: the Delete Trip dialog loads with the trip page.

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const names = (list: readonly string[]) =>
  list.length <= 1
    ? (list[0] ?? "")
    : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1] ?? ""}`;

/** "Paris · 4 expenses · 1 booked stay · Bruno Costa loses access · the public link stops working". */
export function deletionSummaryText(summary: DeletionSummary): string {
  const parts = [summary.name];
  if (summary.expenses > 0) parts.push(count(summary.expenses, "expense", "expenses"));
  if (summary.payments > 0) parts.push(count(summary.payments, "payment", "payments"));
  if (summary.stays > 0) parts.push(count(summary.stays, "booked stay", "booked stays"));
  if (summary.journeys > 0)
    parts.push(count(summary.journeys, "booked journey", "booked journeys"));
  if (summary.companions.length > 0)
    parts.push(
      `${names(summary.companions)} ${summary.companions.length === 1 ? "loses" : "lose"} access`,
    );
  if (summary.isPublic) parts.push("the public link stops working");
  return parts.join(" · ");
}
