import { useMutation } from "@tanstack/react-query";
import type { ApplyPlacesRequest, ApplyPlacesResult } from "#shared/schemas/places-io.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const resultSchema = lazySchema(async () => {
  const { z } = await import("zod");
  return z.object({ added: z.number(), merged: z.number() });
});

/** `POST /api/trips/:id/import-places/apply`: the picked places onto the plan. */
export function applyPlaces(tripId: string, body: ApplyPlacesRequest): Promise<ApplyPlacesResult> {
  return apiRequest(`/trips/${encodeURIComponent(tripId)}/import-places/apply`, {
    method: "POST",
    body,
    schema: resultSchema,
    fallbackError: "Could not add the places. Please try again.",
  });
}

export function useApplyPlaces(tripId: string, onApplied?: () => void) {
  return useMutation({
    mutationFn: (body: ApplyPlacesRequest) => applyPlaces(tripId, body),
    onSuccess: () => onApplied?.(),
  });
}
