import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { MESSAGES } from "#shared/messages.ts";

/** zValidator with the project's error shape: 422, the first issue as the message, all issues listed. */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  zValidator(target, schema, (result, c) => {
    if (result.success) return;
    const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    return c.json(
      {
        error: {
          code: "invalid_input",
          message: issues[0]?.message ?? MESSAGES.invalidInput,
          issues,
        },
      },
      422,
    );
  });
