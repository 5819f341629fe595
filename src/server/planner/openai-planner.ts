import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import type { Day } from "#shared/schemas/itinerary.ts";
import { tripDates } from "#shared/trip-dates.ts";
import type { GenerationEvent, ItineraryGenerator } from "./itinerary-generator.ts";
import type { ModelClient } from "../services/llm/model-client.ts";
import { newCallState } from "../services/llm/usage.ts";
import { createConcurrencyLimit } from "../lib/concurrency-limit.ts";
import { GenerationError } from "./generation-error.ts";
import { fromModelDay, modelActivitySchema, modelDaySchema } from "./model-activity.ts";
import { completeDayObjects } from "./outline-stream.ts";
import {
  daysMessages,
  outlineMessages,
  regenerateDayMessages,
  repairDaysMessages,
  type OutlineEntry,
} from "./prompts.ts";
import { itineraryProblems } from "./validate-itinerary.ts";

/** Trips this short are one call: an outline would cost more than it saves. */
const SINGLE_CALL_MAX_DAYS = 2;
const BATCH_DAYS = 2;
const MAX_PARALLEL_CALLS = 6;
const OUTLINE_TOKENS_PER_DAY = 60;
const DAY_TOKENS = 450;
const MAX_TOKENS_PER_CALL = 4096;
/** The repair call's answer must fit MAX_TOKENS_PER_CALL: days beyond this keep their warnings. */
export const MAX_REPAIR_DAYS = 8;

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
    days: z.array(modelDaySchema).length(count, `Exactly ${count} days are required`),
  });

const placeKey = (text: string) => text.trim().toLowerCase();

/** One day planned again: like a batch's day, and none of the places the other days already visit. */
const regeneratedDaySchema = (usedPlaces: ReadonlySet<string>) =>
  z.object({ activities: z.array(modelActivitySchema).min(1).max(8) }).superRefine((day, ctx) => {
    day.activities.forEach((a, i) => {
      if (usedPlaces.has(placeKey(a.location)))
        ctx.addIssue({
          code: "custom",
          path: ["activities", i, "location"],
          message: `${a.location} is already on another day of the trip`,
        });
    });
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

type PlannerOptions = {
  /** Trips up to this many days are one call; the benchmark's single-call baseline raises it. */
  singleCallMaxDays?: number;
};

/** Any OpenAI-compatible chat-completions service: an outline call, then the days in parallel batches. */
export function createOpenAiPlanner(
  client: ModelClient,
  options: PlannerOptions = {},
): ItineraryGenerator {
  return {
    mode: "online",
    async generate(request, { signal: outer, onEvent, candidates: askCandidates }) {
      const candidates = await askCandidates?.();
      const dates = tripDates(request.startDate, request.endDate);
      // One failing batch stops its siblings, and so does the browser going away.
      const controller = new AbortController();
      const stop = () => controller.abort();
      outer.addEventListener("abort", stop, { once: true });
      const signal = controller.signal;
      const state = newCallState();
      const emit = (event: GenerationEvent) => {
        if (!signal.aborted) onEvent?.(event);
      };
      const base = { signal, state };

      try {
        const batches = planBatches(dates.length, options.singleCallMaxDays);
        const days: Day[] = new Array<Day>(dates.length);
        const limit = createConcurrencyLimit(MAX_PARALLEL_CALLS);
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
            running.push(limit(() => runBatch(batch, snapshot), signal).catch(fail));
          });
        };

        if (batches.length === 1) {
          launchReady(null);
        } else {
          const entrySchema = outlineSchema(1).shape.days.element;
          try {
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
    async regenerateDay(input, { signal }) {
      const candidates = await input.candidates?.();
      const state = newCallState();
      const otherDays = input.itinerary.days
        .filter((day) => day.date !== input.date)
        .map((day) => ({ date: day.date, places: day.activities.map((a) => a.location) }));
      const used = new Set(otherDays.flatMap((day) => day.places.map(placeKey)));
      const answer = await client.callForJson({
        messages: regenerateDayMessages({
          request: input.request,
          date: input.date,
          otherDays,
          instruction: input.instruction,
          candidates,
        }),
        schema: regeneratedDaySchema(used),
        schemaName: "trip_day",
        maxTokens: 200 + DAY_TOKENS,
        signal,
        state,
      });
      return { day: fromModelDay(input.date, answer.activities), usage: state.usage };
    },
    async repairDays(input, { signal }) {
      const state = newCallState();
      const byDate = new Map(input.itinerary.days.map((day) => [day.date, day]));
      const days = input.days.slice(0, MAX_REPAIR_DAYS).flatMap((sent) => {
        const day = byDate.get(sent.date);
        if (!day) return [];
        return [
          {
            date: day.date,
            activities: day.activities.map((a) => ({
              time: a.time,
              activity: a.activity,
              location: a.location,
              lat: a.lat,
              lng: a.lng,
              cost: a.cost,
              osmId: a.osmId,
            })),
            problems: sent.problems,
          },
        ];
      });
      if (days.length === 0) return { days: [], usage: state.usage };
      const repairing = new Set(days.map((d) => d.date));
      const otherPlaces = input.itinerary.days
        .filter((day) => !repairing.has(day.date))
        .flatMap((day) => day.activities.map((a) => a.location));
      const answer = await client.callForJson({
        messages: repairDaysMessages({
          request: input.request,
          dayCount: input.itinerary.days.length,
          days,
          otherPlaces,
          candidates: input.candidates,
        }),
        schema: batchSchema(days.length),
        schemaName: "trip_repair",
        maxTokens: Math.min(MAX_TOKENS_PER_CALL, 200 + DAY_TOKENS * days.length),
        signal,
        state,
      });
      return {
        days: answer.days.map((answerDay, i) =>
          fromModelDay(days[i]?.date ?? "", answerDay.activities),
        ),
        usage: state.usage,
      };
    },
  };
}
