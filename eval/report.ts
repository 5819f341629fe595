import { summarize, type EvalRow, type EvalSummary } from "./metrics.ts";
import type { ProviderInfo } from "./services.ts";

/** The JSON a run writes: enough to compare two runs (two models) request by request. */
export type EvalReport = {
  /** Bumped when a field changes meaning, so old files are not compared as if they matched. */
  format: 1;
  startedAt: string;
  finishedAt: string;
  provider: ProviderInfo;
  summary: EvalSummary;
  rows: EvalRow[];
};

export function buildReport(input: {
  startedAt: Date;
  finishedAt: Date;
  provider: ProviderInfo;
  rows: EvalRow[];
}): EvalReport {
  return {
    format: 1,
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    provider: input.provider,
    summary: summarize(input.rows),
    rows: input.rows,
  };
}

const yesNo = (v: boolean) => (v ? "yes" : "NO");
// Small shares keep a decimal: a huge budget's 0.3% is not "0%".
const percent = (v: number | null) =>
  v === null ? "-" : v > 0 && v * 100 < 10 ? `${(v * 100).toFixed(1)}%` : `${Math.round(v * 100)}%`;
const seconds = (ms: number | null) =>
  ms === null ? "-" : ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
const kinds = (row: EvalRow) =>
  Object.entries(row.warningKinds)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(", ");

const HEADER = [
  "id",
  "days",
  "style",
  "schema",
  "dates",
  "place",
  "acts",
  "repeats",
  "located",
  "verified",
  "closed",
  "warnings",
  "budget",
  "1st day",
  "whole",
  "tokens in/out",
  "warning kinds / error",
];

function cells(row: EvalRow): string[] {
  if (row.error !== null)
    return [
      row.id,
      String(row.days),
      row.travelStyle,
      "-",
      "-",
      "-",
      "-",
      "-",
      "-",
      "-",
      "-",
      "-",
      "-",
      seconds(row.firstDayMs),
      seconds(row.wholeMs),
      "-",
      `ERROR ${row.error}`,
    ];
  return [
    row.id,
    String(row.days),
    row.travelStyle,
    yesNo(row.schemaValid),
    yesNo(row.daysMatch),
    row.placeResolved ? "yes" : "no",
    String(row.activities),
    String(row.repeats),
    percent(row.locatedShare),
    percent(row.verifiedShare),
    row.closedVisits === null ? "-" : String(row.closedVisits),
    String(row.warnings),
    percent(row.budgetUse),
    seconds(row.firstDayMs),
    seconds(row.wholeMs),
    `${row.promptTokens}/${row.completionTokens}`,
    kinds(row),
  ];
}

/** A plain-text table, one line a request, the columns explained in docs/evaluation.md. */
export function formatTable(rows: readonly EvalRow[]): string {
  const body = rows.map(cells);
  // The last column is free text: it is not padded.
  const widths = HEADER.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => (i === c.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(HEADER), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

const dollars = (usd: number) => `$${Math.round(usd).toLocaleString("en-US")}`;

/** The whole trip's requests (issue 47), one line each: the party's total, needs, cuisines, repeats. */
function wholeTripLines(rows: readonly EvalRow[]): string[] {
  const parties = rows.filter((r) => r.wholeTrip !== null && r.error === null);
  if (parties.length === 0) return [];
  return [
    "Whole trips (the party's total against the budget):",
    ...parties.map((r) => {
      const w = r.wholeTrip!;
      return (
        `  ${r.id}: ${w.travellers} from ${w.origin ?? "-"}, ${dollars(w.partyTotal)} of ${dollars(w.budget)} ` +
        `(${percent(w.budgetUse)}); journeys ${w.journeys}, stays ${w.stays}/${w.stopsWithNights}, ` +
        `needs met ${w.needsMet ? "yes" : "NO"}; cuisines ${w.cuisinesCovered.length}/${w.cuisinesAsked.length}` +
        `${w.cuisinesAsked.length > 0 ? ` (${w.cuisinesCovered.join(", ") || "none"})` : ""}; meal repeats ${w.mealRepeats}`
      );
    }),
  ];
}

export function formatSummary(report: EvalReport): string {
  const s = report.summary;
  const p = report.provider;
  const who =
    p.mode === "offline"
      ? "offline planner"
      : `${p.model} at ${p.baseUrl ?? "?"}${p.fake ? " (fake)" : ""}`;
  return [
    `Provider: ${who}; real places ${p.places ?? "off"}`,
    `Requests: ${s.requests}, failed ${s.failed}, schema-valid ${s.schemaValid}, dates match ${s.daysMatch}`,
    `Repeats ${s.repeats}, realism warnings ${s.warnings}, median located ${percent(s.medianLocatedShare)}, median budget use ${percent(s.medianBudgetUse)}`,
    `Median verified on OpenStreetMap ${percent(s.medianVerifiedShare)}, visits at closed places ${s.closedVisits}` +
      (s.closedUnchecked > 0
        ? ` (${s.closedUnchecked} request(s) unchecked: destination not resolved)`
        : ""),
    `Median legs routed ${percent(s.medianRoutedLegShare ?? null)}, median travel a day ${
      s.medianTravelMinutesPerDay === null || s.medianTravelMinutesPerDay === undefined
        ? "n/a"
        : `${Math.round(s.medianTravelMinutesPerDay)} min`
    }`,
    `Median first day ${seconds(s.medianFirstDayMs)}, median whole ${seconds(s.medianWholeMs)}, tokens ${s.promptTokens} in / ${s.completionTokens} out`,
    ...wholeTripLines(report.rows),
  ].join("\n");
}
