import { MESSAGES } from "#shared/messages.ts";
import type { AppDeps } from "../context.ts";
import { GenerationError } from "../services/model/model-error.ts";
import { enforceRateLimit } from "./rate-limit.ts";

const HOUR_SECONDS = 60 * 60;

/**
 * Every model-made plan counts against one limit per user per hour: a whole trip (POST /api/trips)
 * and a regenerated day alike, so regenerating cannot be used to get round it.
 */
export async function enforceGenerationLimit(deps: AppDeps, userId: string) {
  const limit = deps.env.GENERATION_RATE_LIMIT;
  await enforceRateLimit(deps.database.db, {
    key: `generation:${userId}`,
    limit,
    windowSeconds: HOUR_SECONDS,
    message: `You have reached the limit of ${limit} trip plans per hour. Please try again later.`,
  });
}

/** The user-facing side of a failure: the spec's message, a code that says which failure it was. */
export function describeFailure(error: unknown) {
  if (error instanceof GenerationError)
    return {
      status: error.code === "ai_timeout" ? (504 as const) : (502 as const),
      code: error.code,
      message: error.message,
    };
  return { status: 500 as const, code: "internal", message: MESSAGES.generateTripFailed };
}

export function logFailure(deps: AppDeps, requestId: string, error: unknown, what: string) {
  const cause = error instanceof Error ? error.cause : undefined;
  deps.logger.warn(
    {
      requestId,
      code: error instanceof GenerationError ? error.code : "internal",
      err: error instanceof Error ? error.message : String(error),
      cause: cause instanceof Error ? cause.message : cause,
    },
    what,
  );
}
