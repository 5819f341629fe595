import { z } from "zod";
import { stayInputSchema } from "./trip-stops.ts";

/**
 * `GET /api/trips/:id/stays/:stayId/alternatives` (issue 47): up to three other places meeting the
 * trip's party for that stay's stop, each a stay input the page applies through PATCH `stays`.
 */
export const stayAlternativesSchema = z.object({ stays: z.array(stayInputSchema) });
export type StayAlternatives = z.infer<typeof stayAlternativesSchema>;
