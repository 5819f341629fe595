import { formatUsd } from "#web/lib/format.ts";

export type SpendingParts = {
  journeys: number;
  stays: number;
  meals: number;
  activities: number;
};
type Part = keyof SpendingParts;

const PARTS: readonly Part[] = ["journeys", "stays", "meals", "activities"];
const LABELS: Record<Part, string> = {
  journeys: "Journeys",
  stays: "Stays",
  meals: "Meals",
  activities: "Activities",
};

/**
 * What the whole trip costs the party, part by part (journeys, stays, meals, activities), each
 * marked "estimated" when it is: the trip header, the print view, the Money tab and the plan
 * form's over-budget answer show the same list (issue 47).
 */
export function SpendingBreakdown({
  parts,
  estimatedParts = [],
  label = "Breakdown",
  className = "",
}: {
  parts: SpendingParts;
  estimatedParts?: readonly string[];
  label?: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-x-3 ${className}`}>
      {PARTS.map((part) => (
        <li key={part}>
          {LABELS[part]} {formatUsd(parts[part])}
          {estimatedParts.includes(part) ? " (estimated)" : ""}
        </li>
      ))}
    </ul>
  );
}

/**
 * Under a trip's planned spending, on one line where it fits (the header keeps the first day on
 * the first screen of a phone): who it is for and the breakdown, each estimated part saying so.
 * The header, the print view and the Money tab say the same.
 */
export function SpendingSummary({
  spending,
  travellers,
}: {
  spending: SpendingParts & { estimatedParts: readonly string[] };
  travellers: number;
}) {
  const party = `For ${travellers} ${travellers === 1 ? "traveller" : "travellers"}:`;
  return (
    <div className="flex flex-wrap gap-x-3 text-sm font-normal text-slate-600">
      <span>{party}</span>
      <SpendingBreakdown parts={spending} estimatedParts={spending.estimatedParts} />
    </div>
  );
}
