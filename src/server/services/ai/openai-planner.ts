import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { activityDraftSchema, type Day } from "#shared/schemas/itinerary.ts";
import { tripDates } from "#shared/schemas/trip-request.ts";
import {
  GenerationError,
  type GenerationEvent,
  type ItineraryGenerator,
} from "./itinerary-generator.ts";
import {
  callForJson,
  createModelClient,
  type CallState,
  type ModelSettings,
} from "./model-call.ts";
import { toActivity } from "../../lib/activity.ts";
import { completeDayObjects } from "./outline-stream.ts";
import { daysMessages, outlineMessages, type OutlineEntry } from "./prompts.ts";
import { itineraryProblems } from "./validate-itinerary.ts";

/** Trips this short are one call: an outline would cost more than it saves. */
const SINGLE_CALL_MAX_DAYS = 2;
const BATCH_DAYS = 2;
const MAX_PARALLEL_CALLS = 6;
const OUTLINE_TOKENS_PER_DAY = 60;
const DAY_TOKENS = 450;
const MAX_TOKENS_PER_CALL = 4096;

const outlineSchema = (count: number) =>
  z.object({
    days: z
      .array(
        z.object({
          theme: z.string().trim().min(1).max(80),
          places: z.array(z.string().trim().min(1).max(120)).min(1).max(4),
        }),
      )
      .length(count, `Exactly ${count} days are required`),
  });

const batchSchema = (count: number) =>
  z.object({
    days: z
      .array(z.object({ activities: z.array(activityDraftSchema).min(1).max(8) }))
      .length(count, `Exactly ${count} days are required`),
  });

/** The first batch is one day, so the first day shows up as early as possible; the rest go in pairs. */
export function planBatches(
  dayCount: number,
  singleCallMaxDays = SINGLE_CALL_MAX_DAYS,
): { from: number; count: number }[] {
  if (dayCount <= singleCallMaxDays) return [{ from: 0, count: dayCount }];
  const batches = [{ from: 0, count: 1 }];
  for (let from = 1; from < dayCount; from += BATCH_DAYS)
    batches.push({ from, count: Math.min(BATCH_DAYS, dayCount - from) });
  return batches;
}

/** At most `limit` tasks at once; the others wait their turn. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export type PlannerOptions = {
  /** Trips up to this many days are one call; the benchmark's single-call baseline raises it. */
  singleCallMaxDays?: number;
};

/** Any OpenAI-compatible chat-completions service: an outline call, then the days in parallel batches. */
export function createOpenAiPlanner(
  settings: ModelSettings,
  options: PlannerOptions = {},
): ItineraryGenerator {
  const client = createModelClient(settings);
  return {
    mode: "online",
    async generate(request, { signal: outer, onEvent }) {
      const dates = tripDates(request.startDate, request.endDate);
      // One failing batch stops its siblings, and so does the browser going away.
      const controller = new AbortController();
      const stop = () => controller.abort();
      outer.addEventListener("abort", stop, { once: true });
      const signal = controller.signal;
      const state: CallState = {
        usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
        jsonSchemaRejected: false,
      };
      const emit = (event: GenerationEvent) => {
        if (!signal.aborted) onEvent?.(event);
      };
      const base = { client, model: settings.model, timeoutMs: settings.timeoutMs, signal, state };

      try {
        const batches = planBatches(dates.length, options.singleCallMaxDays);
        const days: Day[] = new Array<Day>(dates.length);
        const limit = createLimiter(MAX_PARALLEL_CALLS);
        // Outline lines as they stream in; a batch starts as soon as all of its days have one.
        const entries: (OutlineEntry | undefined)[] = new Array<OutlineEntry | undefined>(
          dates.length,
        );
        const launched = new Set<number>();
        const running: Promise<void>[] = [];
        let firstError: unknown = null;
        const fail = (error: unknown) => {
          firstError ??= error;
          controller.abort();
        };

        const runBatch = async (
          batch: { from: number; count: number },
          outline: typeof entries | null,
        ) => {
          const answer = await callForJson({
            ...base,
            messages: daysMessages(request, dates, outline, batch),
            schema: batchSchema(batch.count),
            schemaName: "trip_days",
            maxTokens: Math.min(MAX_TOKENS_PER_CALL, 200 + DAY_TOKENS * batch.count),
          });
          answer.days.forEach((answerDay, offset) => {
            const index = batch.from + offset;
            const activities = [...answerDay.activities]
              .sort((a, b) => a.time.localeCompare(b.time))
              .map((draft) => toActivity(draft));
            const day: Day = { date: dates[index] ?? "", activities };
            days[index] = day;
            emit({ type: "day", index, day });
          });
        };
        const launchReady = (outline: typeof entries | null) => {
          batches.forEach((batch, i) => {
            if (launched.has(i) || firstError !== null) return;
            if (outline) {
              for (let d = batch.from; d < batch.from + batch.count; d++) if (!outline[d]) return;
            }
            launched.add(i);
            const snapshot = outline ? [...outline] : null;
            running.push(limit(() => runBatch(batch, snapshot)).catch(fail));
          });
        };

        if (batches.length === 1) {
          launchReady(null);
        } else {
          const entrySchema = outlineSchema(1).shape.days.element;
          try {
            const answer = await callForJson({
              ...base,
              messages: outlineMessages(request, dates),
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
            // The validated outline (perhaps repaired) is the one the remaining batches follow.
            answer.days.forEach((entry, i) => (entries[i] = entry));
            emit({
              type: "outline",
              days: dates.map((date, i) => ({ date, theme: answer.days[i]?.theme ?? "" })),
            });
            launchReady(entries);
          } catch (error) {
            fail(error);
          }
        }
        await Promise.all(running);
        if (firstError !== null) throw firstError;

        const itinerary = { days };
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
    },
  };
}
