import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { activitySchema, type Day } from "#shared/schemas/itinerary.ts";
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
      .array(z.object({ activities: z.array(activitySchema).min(1).max(8) }))
      .length(count, `Exactly ${count} days are required`),
  });

/** The first batch is one day, so the first day shows up as early as possible; the rest go in pairs. */
export function planBatches(dayCount: number): { from: number; count: number }[] {
  if (dayCount <= SINGLE_CALL_MAX_DAYS) return [{ from: 0, count: dayCount }];
  const batches = [{ from: 0, count: 1 }];
  for (let from = 1; from < dayCount; from += BATCH_DAYS)
    batches.push({ from, count: Math.min(BATCH_DAYS, dayCount - from) });
  return batches;
}

async function runLimited<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** Any OpenAI-compatible chat-completions service: an outline call, then the days in parallel batches. */
export function createOpenAiPlanner(settings: ModelSettings): ItineraryGenerator {
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
      const base = { client, model: settings.model, signal, state };

      try {
        const batches = planBatches(dates.length);
        let outline: OutlineEntry[] | null = null;
        if (batches.length > 1) {
          const answer = await callForJson({
            ...base,
            messages: outlineMessages(request, dates),
            schema: outlineSchema(dates.length),
            schemaName: "trip_outline",
            maxTokens: Math.min(MAX_TOKENS_PER_CALL, 100 + OUTLINE_TOKENS_PER_DAY * dates.length),
          });
          outline = answer.days;
          emit({
            type: "outline",
            days: dates.map((date, i) => ({ date, theme: answer.days[i]?.theme ?? "" })),
          });
        }

        const days: Day[] = new Array<Day>(dates.length);
        const tasks = batches.map((batch) => async () => {
          const answer = await callForJson({
            ...base,
            messages: daysMessages(request, dates, outline, batch),
            schema: batchSchema(batch.count),
            schemaName: "trip_days",
            maxTokens: Math.min(MAX_TOKENS_PER_CALL, 200 + DAY_TOKENS * batch.count),
          });
          answer.days.forEach((answerDay, offset) => {
            const index = batch.from + offset;
            const activities = [...answerDay.activities].sort((a, b) =>
              a.time.localeCompare(b.time),
            );
            const day: Day = { date: dates[index] ?? "", activities };
            days[index] = day;
            emit({ type: "day", index, day });
          });
        });
        try {
          await runLimited(tasks, MAX_PARALLEL_CALLS);
        } catch (error) {
          controller.abort();
          throw error;
        }

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
