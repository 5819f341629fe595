import { MESSAGES } from "#shared/messages.ts";
import type { AppDeps } from "../app-deps.ts";
import { ModelError } from "../services/llm/model-error.ts";
import { OverBudgetError } from "../planner/fit-budget.ts";
import { AppError } from "../lib/http-errors.ts";
import { enforceRateLimit } from "./rate-limit.ts";
import { isRejectedByDatabase, safeErrorMessage, sqlState } from "../lib/safe-error.ts";

const HOUR_SECONDS = 60 * 60;

/**
 * Every model-made plan counts against the limits: a whole trip (POST /api/trips) and a regenerated
 * day alike, so regenerating cannot be used to get round them. Per account, and per client address
 * so that throwaway accounts do not multiply the limit. The account is counted first, so a refused
 * request does not use up the address's budget; both refusals read the same (the per-account number
 * is the one a person meets).
 */
export async function enforceGenerationLimit(deps: AppDeps, userId: string, clientIp: string) {
  const limit = deps.env.GENERATION_RATE_LIMIT;
  const message = `You have reached the limit of ${limit} trip plans per hour. Please try again later.`;
  await enforceRateLimit(deps.database.db, {
    key: `generation:${userId}`,
    limit,
    windowSeconds: HOUR_SECONDS,
    message,
  });
  await enforceRateLimit(deps.database.db, {
    key: `generation:ip:${clientIp}`,
    limit: deps.env.GENERATION_IP_RATE_LIMIT,
    windowSeconds: HOUR_SECONDS,
    message,
  });
}

/** The user-facing side of a failure: the spec's message, a code that says which failure it was. */
export function describeFailure(error: unknown): {
  status: 422 | 500 | 502 | 504;
  code: string;
  message: string;
  details?: Record<string, unknown>;
} {
  // No plan meeting the party's needs fits the budget (issue 47): the cheapest one, part by part.
  if (error instanceof OverBudgetError)
    return {
      status: 422,
      code: error.code,
      message: error.message,
      details: { breakdown: error.breakdown },
    };
  if (error instanceof ModelError)
    return {
      status: error.code === "ai_timeout" ? (504 as const) : (502 as const),
      code: error.code,
      message: error.message,
    };
  // The trip quota, met at the insert by a plan written while another request took the last place.
  if (error instanceof AppError && error.status === 422)
    return { status: 422 as const, code: error.code, message: error.message };
  // Validation runs first, so this is rare; it is still the client's data, never a 500.
  if (isRejectedByDatabase(error))
    return { status: 422 as const, code: "invalid_input", message: MESSAGES.invalidInput };
  return { status: 500 as const, code: "internal", message: MESSAGES.generateTripFailed };
}

/** Never the row or the model's text: a failed insert's message would quote every value sent. */
export function logFailure(deps: AppDeps, requestId: string, error: unknown, what: string) {
  if (isRejectedByDatabase(error)) {
    deps.logger.info({ requestId, sqlState: sqlState(error) }, "trip rejected by the database");
    return;
  }
  if (error instanceof OverBudgetError) {
    deps.logger.info({ requestId, code: error.code, total: error.breakdown.total }, "trip refused");
    return;
  }
  if (error instanceof AppError && error.status === 422) {
    deps.logger.info({ requestId, code: error.code }, "trip refused");
    return;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  deps.logger.warn(
    {
      requestId,
      code: error instanceof ModelError ? error.code : "internal",
      err: safeErrorMessage(error),
      cause: cause === undefined ? undefined : safeErrorMessage(cause),
    },
    what,
  );
}
