import { z } from "zod";
import { modelDaySchema } from "./model-activity.ts";

// What the model planner asks of each answer: its shape and how many tokens it may take.

export const OUTLINE_TOKENS_PER_DAY = 60;
export const DAY_TOKENS = 450;
export const MAX_TOKENS_PER_CALL = 4096;

export const outlineSchema = (count: number) =>
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

export const batchSchema = (count: number) =>
  z.object({
    days: z.array(modelDaySchema).length(count, `Exactly ${count} days are required`),
  });
