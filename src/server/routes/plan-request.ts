import { Hono } from "hono";
import { PLACES_SEARCH_RATE_LIMIT_WINDOW_SECONDS } from "#shared/schemas/places.ts";
import { PLAN_READ_MESSAGES, planSentenceSchema } from "#shared/schemas/plan-request-read.ts";
import type { AppBindings } from "../http/context.ts";
import { enforceRateLimit } from "../http/rate-limit.ts";
import { requireUser } from "../http/session.ts";
import { validate } from "../http/validate.ts";
import { readPlanRequest } from "../planner/sentence/read-plan-request.ts";

/**
 * `POST /api/plan-request/read` `{ text }`: "Describe your trip" on Home. Signed in, and counted
 * like place search (PLACES_SEARCH_RATE_LIMIT a user, its own window), since with a model each read
 * is a paid call. Nothing is planned or saved: the answer fills the plan form.
 */
export const planRequestRoutes = new Hono<AppBindings>()
  // Signed out is 401 before the body is looked at.
  .use(async (c, next) => {
    await requireUser(c);
    await next();
  })
  .post("/read", validate("json", planSentenceSchema), async (c) => {
    const deps = c.var.deps;
    const user = await requireUser(c);
    const { text } = c.req.valid("json");
    await enforceRateLimit(deps.database.db, {
      key: `plan-request-read:${user.id}`,
      limit: deps.env.PLACES_SEARCH_RATE_LIMIT,
      windowSeconds: PLACES_SEARCH_RATE_LIMIT_WINDOW_SECONDS,
      message: PLAN_READ_MESSAGES.rateLimited,
    });
    const today = new Date().toISOString().slice(0, 10);
    return c.json(
      await readPlanRequest(deps, text, { today, signal: c.req.raw.signal, endUser: user.id }),
    );
  });
