import { MESSAGES } from "#shared/messages.ts";
import type { Day } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import { tripDates } from "#shared/trip-dates.ts";
import { createConcurrencyLimit } from "../lib/concurrency-limit.ts";
import type { ModelClient } from "../services/llm/model-client.ts";
import { newCallState, type CallState } from "../services/llm/usage.ts";
import { GenerationError } from "./generation-error.ts";
import type {
  GeneratedItinerary,
  GenerateOptions,
  GenerationEvent,
} from "./itinerary-generator.ts";
import {
  batchSchema,
  DAY_TOKENS,
  MAX_TOKENS_PER_CALL,
  OUTLINE_TOKENS_PER_DAY,
  outlineSchema,
} from "./model-answers.ts";
import { fromModelDay } from "./model-activity.ts";
import { completeDayObjects } from "./outline-stream.ts";
import { daysMessages, outlineMessages, type OutlineEntry, type PromptPlace } from "./prompts.ts";
import { itineraryProblems } from "./validate-itinerary.ts";

/** Trips this short are one call: an outline would cost more than it saves. */
const SINGLE_CALL_MAX_DAYS = 2;
const BATCH_DAYS = 2;
const MAX_PARALLEL_CALLS = 6;

type Batch = { from: number; count: number };
/** Outline lines by day, filled in as they stream. */
type Outline = (OutlineEntry | undefined)[];

/** The first batch is one day, so the first day shows up as early as possible; the rest go in pairs. */
export function planBatches(dayCount: number, singleCallMaxDays = SINGLE_CALL_MAX_DAYS): Batch[] {
  if (dayCount <= singleCallMaxDays) return [{ from: 0, count: dayCount }];
  const batches = [{ from: 0, count: 1 }];
  for (let from = 1; from < dayCount; from += BATCH_DAYS)
    batches.push({ from, count: Math.min(BATCH_DAYS, dayCount - from) });
  return batches;
}

/** One planning run: what every call of it shares, and the days as they arrive. */
type Run = {
  client: ModelClient;
  request: TripRequest;
  dates: string[];
  candidates: readonly PromptPlace[] | undefined;
  base: { signal: AbortSignal; state: CallState };
  emit: (event: GenerationEvent) => void;
  days: Day[];
};

/** Asks for one batch of days (following the outline when there is one) and sends each as it lands. */
async function runBatch(run: Run, batch: Batch, outline: Outline | null): Promise<void> {
  const { client, request, dates, candidates, base } = run;
  const answer = await client.callForJson({
    ...base,
    messages: daysMessages(request, dates, outline, batch, candidates),
    schema: batchSchema(batch.count),
    schemaName: "trip_days",
    maxTokens: Math.min(MAX_TOKENS_PER_CALL, 200 + DAY_TOKENS * batch.count),
  });
  answer.days.forEach((answerDay, offset) => {
    const index = batch.from + offset;
    const day: Day = fromModelDay(dates[index] ?? "", answerDay.activities);
    run.days[index] = day;
    run.emit({ type: "day", index, day });
  });
}

/**
 * Starts each batch once all of its days have an outline line (or at once without an outline), at
 * most MAX_PARALLEL_CALLS at a time. The first failure stops the rest and is the one reported.
 */
function batchLauncher(run: Run, batches: Batch[], abort: () => void) {
  const limit = createConcurrencyLimit(MAX_PARALLEL_CALLS);
  const launched = new Set<number>();
  const running: Promise<void>[] = [];
  let firstError: unknown = null;
  const fail = (error: unknown) => {
    firstError ??= error;
    abort();
  };
  const launchReady = (outline: Outline | null) => {
    batches.forEach((batch, i) => {
      if (launched.has(i) || firstError !== null) return;
      if (outline) {
        for (let d = batch.from; d < batch.from + batch.count; d++) if (!outline[d]) return;
      }
      launched.add(i);
      const snapshot = outline ? [...outline] : null;
      running.push(limit(() => runBatch(run, batch, snapshot), run.base.signal).catch(fail));
    });
  };
  /** Waits for every launched batch; throws the first failure. */
  const settle = async () => {
    await Promise.all(running);
    if (firstError !== null) throw firstError;
  };
  return { launchReady, fail, settle };
}

/**
 * The outline call: its lines fill `entries` as they stream, each new one launching the batches it
 * completes; then the validated outline (perhaps repaired) is the one the remaining batches follow.
 */
async function streamOutline(
  run: Run,
  entries: Outline,
  launchReady: (outline: Outline) => void,
): Promise<void> {
  const { client, request, dates, candidates, base } = run;
  const entrySchema = outlineSchema(1).shape.days.element;
  const answer = await client.callForJson({
    ...base,
    messages: outlineMessages(request, dates, candidates),
    schema: outlineSchema(dates.length),
    schemaName: "trip_outline",
    maxTokens: Math.min(MAX_TOKENS_PER_CALL, 100 + OUTLINE_TOKENS_PER_DAY * dates.length),
    onContent: (text) => {
      completeDayObjects(text).forEach((item, i) => {
        if (i >= dates.length || entries[i]) return;
        let json: unknown;
        try {
          json = JSON.parse(item);
        } catch {
          return;
        }
        const entry = entrySchema.safeParse(json);
        if (entry.success) entries[i] = entry.data;
      });
      launchReady(entries);
    },
  });
  answer.days.forEach((entry, i) => (entries[i] = entry));
  run.emit({
    type: "outline",
    days: dates.map((date, i) => ({ date, theme: answer.days[i]?.theme ?? "" })),
  });
  launchReady(entries);
}

/** A whole trip from the model: an outline call, then the days in parallel batches. */
export async function planTripWithModel(
  client: ModelClient,
  request: TripRequest,
  { signal: outer, onEvent, candidates: askCandidates }: GenerateOptions,
  singleCallMaxDays?: number,
): Promise<GeneratedItinerary> {
  const candidates = await askCandidates?.();
  const dates = tripDates(request.startDate, request.endDate);
  // One failing batch stops its siblings, and so does the browser going away.
  const controller = new AbortController();
  const stop = () => controller.abort();
  outer.addEventListener("abort", stop, { once: true });
  const signal = controller.signal;
  const state = newCallState();
  const run: Run = {
    client,
    request,
    dates,
    candidates,
    base: { signal, state },
    emit: (event) => {
      if (!signal.aborted) onEvent?.(event);
    },
    days: new Array<Day>(dates.length),
  };

  try {
    const batches = planBatches(dates.length, singleCallMaxDays);
    const { launchReady, fail, settle } = batchLauncher(run, batches, stop);
    if (batches.length === 1) {
      launchReady(null);
    } else {
      await streamOutline(
        run,
        new Array<OutlineEntry | undefined>(dates.length),
        launchReady,
      ).catch(fail);
    }
    await settle();

    const itinerary = { days: run.days };
    const problems = itineraryProblems(itinerary, dates);
    if (problems.length > 0)
      throw new GenerationError("ai_invalid_answer", MESSAGES.generateTripFailed, {
        cause: new Error(problems.join("; ")),
      });
    return { itinerary, usage: state.usage };
  } catch (error) {
    if (outer.aborted) throw new GenerationError("aborted", "aborted", { cause: error });
    throw error;
  } finally {
    outer.removeEventListener("abort", stop);
  }
}
