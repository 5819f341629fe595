import {
  COMMONSENSE_CHECKS,
  HARD_CHECKS,
  type PlanDay,
  type PlanEvaluation,
  type TravelPlannerQuery,
} from "./types.ts";

/** One query with the plan made for it (null or empty: nothing delivered) and its evaluation. */
export type ScoredPlan = {
  query: TravelPlannerQuery;
  plan: PlanDay[] | null;
  evaluation: PlanEvaluation;
};

/** A rate with its counts and Wilson 95 % interval, all in percent. */
export type Rate = {
  rate: number;
  numerator: number;
  denominator: number;
  low: number;
  high: number;
};

export type Metrics = {
  delivery: Rate;
  commonsenseMicro: Rate;
  commonsenseMacro: Rate;
  hardMicro: Rate;
  hardMacro: Rate;
  finalPass: Rate;
};

const Z = 1.959964;

/** The Wilson score interval: honest at 0 % and 100 % and for the 45-query train set, unlike ±1.96·SE. */
export function wilson(numerator: number, denominator: number): Rate {
  if (denominator === 0) return { rate: 0, numerator, denominator, low: 0, high: 0 };
  const p = numerator / denominator;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * denominator)) / (1 + z2 / denominator);
  const half =
    (Z / (1 + z2 / denominator)) *
    Math.sqrt((p * (1 - p)) / denominator + z2 / (4 * denominator * denominator));
  const pct = (x: number) => Math.round(x * 1000) / 10;
  return {
    rate: pct(p),
    numerator,
    denominator,
    low: pct(Math.max(0, centre - half)),
    high: pct(Math.min(1, centre + half)),
  };
}

const localConstraints = (query: TravelPlannerQuery) =>
  Object.values(query.local_constraint).filter((v) => v !== null && v !== undefined).length;

const delivered = (s: ScoredPlan) => Array.isArray(s.plan) && s.plan.length > 0;
const passes = (checks: Record<string, [boolean | null, string | null]> | null) =>
  checks !== null && Object.values(checks).every(([ok]) => ok !== false);

/** The six metrics of the paper's table, computed as eval.py does (EVAL_SPEC.md §4). */
export function metricsOf(scored: ScoredPlan[]): Metrics {
  const n = scored.length;
  const l = scored.reduce((sum, s) => sum + localConstraints(s.query), 0);
  let commonsenseTrue = 0;
  let commonsenseMacro = 0;
  let hardTrue = 0;
  let hardMacro = 0;
  let finalPass = 0;
  for (const s of scored) {
    const { commonsense, hard } = s.evaluation;
    if (delivered(s) && commonsense)
      commonsenseTrue += Object.values(commonsense).filter(([ok]) => ok === true).length;
    if (!hard) continue;
    hardTrue += Object.values(hard).filter(([ok]) => ok === true).length;
    const commonsenseOk = passes(commonsense);
    const hardOk = passes(hard);
    if (commonsenseOk) commonsenseMacro += 1;
    if (hardOk) hardMacro += 1;
    if (commonsenseOk && hardOk) finalPass += 1;
  }
  return {
    delivery: wilson(scored.filter(delivered).length, n),
    commonsenseMicro: wilson(commonsenseTrue, COMMONSENSE_CHECKS.length * n),
    commonsenseMacro: wilson(commonsenseMacro, n),
    hardMicro: wilson(hardTrue, n + l),
    hardMacro: wilson(hardMacro, n),
    finalPass: wilson(finalPass, n),
  };
}

/**
 * How often each constraint passes: commonsense checks over every query (an undelivered plan fails
 * them all), hard checks over the queries that ask for them (an unscored plan fails them).
 */
export function passRatePerConstraint(scored: ScoredPlan[]): Record<string, Rate> {
  const rates: Record<string, Rate> = {};
  for (const name of COMMONSENSE_CHECKS) {
    const passed = scored.filter((s) => s.evaluation.commonsense?.[name][0] === true).length;
    rates[name] = wilson(passed, scored.length);
  }
  for (const name of HARD_CHECKS) {
    const asked = scored.filter((s) => name === "valid_cost" || isAsked(s.query, name));
    const passed = asked.filter((s) => s.evaluation.hard?.[name][0] === true).length;
    rates[name] = wilson(passed, asked.length);
  }
  return rates;
}

const ASKED_BY: Record<string, keyof TravelPlannerQuery["local_constraint"]> = {
  valid_cuisine: "cuisine",
  valid_room_rule: "house rule",
  valid_transportation: "transportation",
  valid_room_type: "room type",
};

function isAsked(query: TravelPlannerQuery, check: string): boolean {
  const field = ASKED_BY[check];
  if (!field) return false;
  const value = query.local_constraint[field];
  return value !== null && value !== undefined;
}
