import type { EvalRow } from "./metrics.ts";

/**
 * What `npm run eval -- --check` accepts: beyond "no request failed, every plan schema-valid with
 * the right dates", the plans must be usable. Stated here and in docs/evaluation.md:
 * - repeated places: at most 2 % of all activities (a place already visited earlier in the trip);
 * - visits at a place its opening hours say is closed: none;
 * - unresolved destinations: none (each destination must become a place with coordinates and a
 *   time zone, or its hours, pins and weather cannot be checked);
 * - unlocated activities (no coordinates): at most 10 % of all activities.
 * The loopback fakes (`--fake`) know every destination of the set, so a well-behaved run meets
 * these with room to spare; a real model and geocoder are held to the same.
 */
export const CHECK_LIMITS = {
  maxRepeatShare: 0.02,
  maxClosedVisits: 0,
  maxUnresolved: 0,
  maxUnlocatedShare: 0.1,
} as const;

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** Every way the run misses the limits, in words (empty: the run passes). */
export function checkRun(rows: readonly EvalRow[], limits = CHECK_LIMITS): string[] {
  const problems: string[] = [];
  const bad = rows.filter((r) => r.error !== null || !r.schemaValid || !r.daysMatch);
  if (bad.length > 0)
    problems.push(
      `${bad.length} request(s) failed or gave an invalid plan: ${bad.map((r) => r.id).join(", ")}`,
    );
  const planned = rows.filter((r) => r.error === null);
  const activities = planned.reduce((sum, r) => sum + r.activities, 0);
  const repeats = planned.reduce((sum, r) => sum + r.repeats, 0);
  if (activities > 0 && repeats / activities > limits.maxRepeatShare)
    problems.push(
      `${repeats} of ${activities} activities repeat a place (${percent(repeats / activities)}; at most ${percent(limits.maxRepeatShare)})`,
    );
  const closed = planned.reduce((sum, r) => sum + (r.closedVisits ?? 0), 0);
  if (closed > limits.maxClosedVisits)
    problems.push(
      `${closed} visit(s) at a closed place (at most ${limits.maxClosedVisits}): ${planned
        .filter((r) => (r.closedVisits ?? 0) > 0)
        .map((r) => r.id)
        .join(", ")}`,
    );
  const unresolved = planned.filter((r) => !r.placeResolved);
  if (unresolved.length > limits.maxUnresolved)
    problems.push(
      `${unresolved.length} destination(s) not resolved (at most ${limits.maxUnresolved}): ${unresolved.map((r) => r.id).join(", ")}`,
    );
  // The whole trip (issue 47): within the budget, every stay meeting the party, every cuisine
  // asked for covered, no restaurant twice.
  for (const r of planned) {
    const w = r.wholeTrip;
    if (!w) continue;
    if (w.partyTotal > w.budget)
      problems.push(`${r.id}: the party's total $${w.partyTotal} exceeds the budget $${w.budget}`);
    if (!w.needsMet)
      problems.push(
        `${r.id}: ${w.staysMeetingNeeds} of ${w.stopsWithNights} stop(s) have a stay meeting the party`,
      );
    const missing = w.cuisinesAsked.filter((c) => !w.cuisinesCovered.includes(c));
    if (missing.length > 0) problems.push(`${r.id}: no meal covers ${missing.join(", ")}`);
    if (w.mealRepeats > 0)
      problems.push(`${r.id}: ${w.mealRepeats} meal(s) at a place eaten at before`);
  }
  const unlocated = planned.reduce(
    (sum, r) => sum + Math.round(r.activities * (1 - (r.locatedShare ?? 1))),
    0,
  );
  if (activities > 0 && unlocated / activities > limits.maxUnlocatedShare)
    problems.push(
      `${unlocated} of ${activities} activities have no coordinates (${percent(unlocated / activities)}; at most ${percent(limits.maxUnlocatedShare)})`,
    );
  return problems;
}
