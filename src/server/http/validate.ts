import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodSafeParseResult, ZodType } from "zod";

// Query strings repeat (the trip list's first page is nearly always asked the same way), and the
// query schemas are pure: the same values always parse to the same answer. So each validated query
// route keeps its parsed answers, frozen, per distinct set of values; a miss (or any failure) is a
// parse like any other. At most QUERY_ANSWERS_MAX per route, then it starts afresh.
const QUERY_ANSWERS_MAX = 500;

function rememberedParse() {
  const answers = new Map<string, ZodSafeParseResult<unknown>>();
  return async (schema: ZodType, value: unknown): Promise<ZodSafeParseResult<unknown>> => {
    const key = JSON.stringify(value);
    const known = answers.get(key);
    if (known) return known;
    const result = await schema.safeParseAsync(value);
    if (result.success) {
      if (answers.size >= QUERY_ANSWERS_MAX) answers.clear();
      Object.freeze(result.data);
      answers.set(key, result);
    }
    return result;
  };
}

/**
 * zValidator whose failures go to the one `onError` (errors-to-response.ts), which answers 422 with
 * the first issue as the message and every issue listed.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  zValidator(
    target,
    schema,
    (result) => {
      if (!result.success) throw result.error;
    },
    // zod-validator types the function per schema; this one serves any query schema.
    target === "query" ? { validationFunction: rememberedParse() as never } : undefined,
  );
