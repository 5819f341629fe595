import type { Context } from "hono";
import {
  PLACES_SEARCH_MESSAGES,
  PLACES_SEARCH_RATE_LIMIT_WINDOW_SECONDS,
} from "#shared/schemas/places.ts";
import type { AssistantCall } from "../mcp/assistant-server.ts";
import type { AssistantPrincipal } from "../mcp/assistant-token.ts";
import { lookupsOf } from "../services/geo/geo-service.ts";
import type { AppBindings } from "./context.ts";
import { enforceGenerationLimit } from "./generation.ts";
import { geocoderBudget } from "./geocoder-budget.ts";
import { enforceRateLimit } from "./rate-limit.ts";
import { enforceTripCreateLimit } from "./trip-create-limit.ts";

/** The limits the web counts for this user, as the assistant's tools must count them too. */
export function callOf(c: Context<AppBindings>, principal: AssistantPrincipal): AssistantCall {
  const deps = c.var.deps;
  const userId = principal.user.id;
  return {
    deps,
    principal,
    requestId: c.var.requestId,
    signal: c.req.raw.signal,
    limits: {
      beforePlan: async (planRest) => {
        if (planRest) await enforceGenerationLimit(deps, userId, c.var.clientIp);
        await enforceTripCreateLimit(deps, userId);
      },
      beforePlaceSearch: async () => {
        await enforceRateLimit(deps.database.db, {
          key: `places-search:${userId}`,
          limit: deps.env.PLACES_SEARCH_RATE_LIMIT,
          windowSeconds: PLACES_SEARCH_RATE_LIMIT_WINDOW_SECONDS,
          message: PLACES_SEARCH_MESSAGES.rateLimited,
        });
      },
      geo: lookupsOf(deps.geo, { owner: userId, admit: geocoderBudget(deps, userId) }),
    },
  };
}
