import { useMutation } from "@tanstack/react-query";
import type { PlanSentence } from "#shared/schemas/plan-request-read.ts";
import { MESSAGES } from "#shared/messages.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const readResponse = lazySchema(
  async () => (await import("#shared/schemas/plan-request-read.ts")).planRequestReadSchema,
);

/** POST /api/plan-request/read: the plan request a description gives. Nothing is planned. */
export const readPlanRequest = (input: PlanSentence) =>
  apiRequest("/plan-request/read", {
    method: "POST",
    body: input,
    schema: readResponse,
    fallbackError: MESSAGES.readPlanRequestFailed,
  });

export const useReadPlanRequest = () => useMutation({ mutationFn: readPlanRequest });
