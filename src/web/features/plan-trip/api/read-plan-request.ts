import { useMutation } from "@tanstack/react-query";
import type { PlanSentence } from "#shared/schemas/plan-request-read.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

export const READ_PLAN_REQUEST_FAILED = "That description could not be read. Please try again.";

const readResponse = lazySchema(
  async () => (await import("#shared/schemas/plan-request-read.ts")).planRequestReadSchema,
);

/** POST /api/plan-request/read: the plan request a description gives. Nothing is planned. */
export const readPlanRequest = (input: PlanSentence) =>
  apiRequest("/plan-request/read", {
    method: "POST",
    body: input,
    schema: readResponse,
    fallbackError: READ_PLAN_REQUEST_FAILED,
  });

export const useReadPlanRequest = () => useMutation({ mutationFn: readPlanRequest });
