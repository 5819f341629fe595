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

/** "journeys and stays", "journeys, stays and meals": the estimated parts in a sentence. */
export function estimatedPartsText(parts: readonly string[]): string {
  const words = PARTS.filter((p) => parts.includes(p)).map((p) => LABELS[p].toLowerCase());
  return words.length < 2
    ? (words[0] ?? "")
    : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

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
 * Under a trip's planned spending: who it is for, the breakdown, and which parts are estimates
 * ("Estimated: journeys and stays"). The header, the print view and the Money tab say the same.
 */
export function SpendingSummary({
  spending,
  travellers,
}: {
  spending: SpendingParts & { estimatedParts: readonly string[] };
  travellers: number;
}) {
  const estimated = estimatedPartsText(spending.estimatedParts);
  return (
    <div className="font-normal text-slate-600">
      <p>
        Journeys, stays, meals and activities for {travellers}{" "}
        {travellers === 1 ? "traveller" : "travellers"}
      </p>
      <SpendingBreakdown parts={spending} estimatedParts={spending.estimatedParts} />
      {estimated ? <p>Estimated: {estimated}</p> : null}
    </div>
  );
}
