import { z } from "zod";

export const isoDateSchema = z.iso.date();

export const activitySchema = z.object({
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:MM"),
  activity: z.string().trim().min(1).max(200),
  location: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(1000),
  cost: z.number().finite().nonnegative(),
});
export type Activity = z.infer<typeof activitySchema>;

export const daySchema = z.object({
  date: isoDateSchema,
  activities: z.array(activitySchema).min(1).max(12),
});
export type Day = z.infer<typeof daySchema>;

export const itinerarySchema = z.object({ days: z.array(daySchema).min(1) });
export type Itinerary = z.infer<typeof itinerarySchema>;
