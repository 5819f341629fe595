import { SpendingBreakdown } from "#web/components/spending-breakdown.tsx";
import { ApiRequestError } from "#web/lib/api-client.ts";

/**
 * Under the 422 over_budget message ("The cheapest trip that meets these needs costs about
 * $2,340; the budget is $1,700."): that cheapest plan part by part, so the traveller sees what
 * to change. Nothing for any other failure.
 */
export function OverBudgetNote({ error }: { error: unknown }) {
  if (!(error instanceof ApiRequestError) || error.code !== "over_budget" || !error.breakdown)
    return null;
  return (
    <SpendingBreakdown
      parts={error.breakdown}
      label="The cheapest trip, part by part"
      className="mt-1 text-sm"
    />
  );
}
