import { z } from "zod";
import type { Day } from "#shared/schemas/itinerary.ts";
import type { ModelClient } from "../services/llm/model-client.ts";
import { newCallState, type ModelUsage } from "../services/llm/usage.ts";
import type { RegenerateDayInput, RepairDaysInput } from "./itinerary-generator.ts";
import { batchSchema, DAY_TOKENS, MAX_TOKENS_PER_CALL } from "./model-answers.ts";
import { fromModelDay, modelActivitySchema } from "./model-activity.ts";
import { promptIdeasOf } from "./planning-ideas.ts";
import { regenerateDayMessages, repairDaysMessages } from "./prompts.ts";

/** The repair call's answer must fit MAX_TOKENS_PER_CALL: days beyond this keep their warnings. */
export const MAX_REPAIR_DAYS = 8;

const placeKey = (text: string) => text.trim().toLowerCase();

/** One day planned again: like a batch's day, and none of the places the other days already visit. */
const regeneratedDaySchema = (usedPlaces: ReadonlySet<string>, dismissed: ReadonlySet<string>) =>
  z.object({ activities: z.array(modelActivitySchema).min(1).max(8) }).superRefine((day, ctx) => {
    day.activities.forEach((a, i) => {
      if (usedPlaces.has(placeKey(a.location)))
        ctx.addIssue({
          code: "custom",
          path: ["activities", i, "location"],
          message: `${a.location} is already on another day of the trip`,
        });
      // A dismissed idea is never planned (issue 49): the answer goes back once, like a repeat.
      else if (dismissed.has(placeKey(a.location)))
        ctx.addIssue({
          code: "custom",
          path: ["activities", i, "location"],
          message: `${a.location} was turned down by the group`,
        });
    });
  });

/** One day of a saved trip planned again by the model, the other days' places kept out of it. */
export async function regenerateDayWithModel(
  client: ModelClient,
  input: RegenerateDayInput,
  signal: AbortSignal,
): Promise<{ day: Day; usage: ModelUsage }> {
  const candidates = await input.candidates?.();
  const state = newCallState();
  const otherDays = input.itinerary.days
    .filter((day) => day.date !== input.date)
    .map((day) => ({ date: day.date, places: day.activities.map((a) => a.location) }));
  const used = new Set(otherDays.flatMap((day) => day.places.map(placeKey)));
  const ideas = promptIdeasOf(input.ideas);
  const answer = await client.callForJson({
    messages: regenerateDayMessages({
      request: input.request,
      date: input.date,
      otherDays,
      instruction: input.instruction,
      candidates,
      ideas,
    }),
    schema: regeneratedDaySchema(used, new Set(ideas?.dismissed.map(placeKey))),
    schemaName: "trip_day",
    maxTokens: 200 + DAY_TOKENS,
    signal,
    state,
  });
  return { day: fromModelDay(input.date, answer.activities), usage: state.usage };
}

/** Days sent back to the model with their warnings, in one call; at most MAX_REPAIR_DAYS of them. */
export async function repairDaysWithModel(
  client: ModelClient,
  input: RepairDaysInput,
  signal: AbortSignal,
): Promise<{ days: Day[]; usage: ModelUsage }> {
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
          durationMinutes: a.durationMinutes,
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
}
