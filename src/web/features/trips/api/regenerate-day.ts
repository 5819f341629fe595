import { useMutation } from "@tanstack/react-query";
import type { RegenerateDayRequest } from "#shared/schemas/trip-edit.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const regenerateDayResponseSchema = lazySchema(
  async () => (await import("#shared/schemas/trip-edit.ts")).regenerateDayResponseSchema,
);

export const REGENERATE_DAY_FAILED = "Failed to regenerate the day";

/** A proposal for one day; nothing is saved until the traveller accepts it. */
export const regenerateDay = (id: string, date: string, request: RegenerateDayRequest) =>
  apiRequest(`/trips/${encodeURIComponent(id)}/days/${date}/regenerate`, {
    method: "POST",
    body: request,
    schema: regenerateDayResponseSchema,
    fallbackError: REGENERATE_DAY_FAILED,
  });

export const useRegenerateDay = (id: string, date: string) =>
  useMutation({ mutationFn: (request: RegenerateDayRequest) => regenerateDay(id, date, request) });
