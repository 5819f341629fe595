import { z } from "zod";
import { daySchema } from "./itinerary.ts";
import { tripSchema } from "./trip.ts";

/** The server-sent events of `POST /api/trips` with `Accept: text/event-stream`, in order. */
export const generationStartSchema = z.object({
  mode: z.enum(["online", "offline"]),
  days: z.array(z.iso.date()),
});
export const generationOutlineSchema = z.object({
  days: z.array(z.object({ date: z.iso.date(), theme: z.string() })),
});
export const generationDaySchema = z.object({ index: z.number().int().min(0), day: daySchema });
export const generationDoneSchema = z.object({ trip: tripSchema });
export const generationErrorSchema = z.object({ code: z.string(), message: z.string() });

export type GenerationStart = z.infer<typeof generationStartSchema>;
export type GenerationOutline = z.infer<typeof generationOutlineSchema>;
export type GenerationDay = z.infer<typeof generationDaySchema>;

/** Real places near the destination are being looked up (`looking`), or no longer (`done`). */
export const generationPlacesSchema = z.object({
  status: z.enum(["looking", "done"]),
  name: z.string(),
});
export type GenerationPlaces = z.infer<typeof generationPlacesSchema>;
