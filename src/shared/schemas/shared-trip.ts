import { z } from "zod";
import { staySchema, transportSchema, tripStopSchema } from "./trip-stops.ts";
import { tripSchema } from "./trip.ts";

/**
 * What anyone with a share link sees: the plan, not the person. No owner id or e-mail, and no budget,
 * interests or timestamps — those describe the owner (means, tastes, habits), while the days,
 * activities and their costs are the plan being shared.
 */
export const sharedTripSchema = tripSchema
  .pick({
    id: true,
    name: true,
    destination: true,
    startDate: true,
    endDate: true,
    travelStyle: true,
    itinerary: true,
    version: true,
    place: true,
    grounding: true,
  })
  // The route and its journeys and stays; booking references are private to the trip's members.
  .extend({
    stops: z.array(tripStopSchema).min(1),
    transport: z.array(transportSchema.omit({ reference: true })),
    stays: z.array(staySchema.omit({ reference: true })),
  });
export type SharedTrip = z.infer<typeof sharedTripSchema>;

export const sharedTripResponseSchema = z.object({ trip: sharedTripSchema });
