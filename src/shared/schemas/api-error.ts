// zod/mini: this schema is parsed on every page (the web app's api-client), so it is part of the first
// view; the mini build tree-shakes to a fraction of classic zod. Same parse semantics.
import { z } from "zod/mini";

/** Every error the API returns has this shape. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    /**
     * `over_budget` (issue 47): the cheapest plan that meets the needs, part by part, in USD, and
     * the budget it exceeds.
     */
    breakdown: z.optional(
      z.object({
        journeys: z.number(),
        stays: z.number(),
        meals: z.number(),
        activities: z.number(),
        total: z.number(),
        budget: z.number(),
      }),
    ),
  }),
});
