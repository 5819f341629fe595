import { useMutation, useQueryClient } from "@tanstack/react-query";
import { tripDetailKey } from "#web/lib/trip/trip-query-keys.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { tripHistoryKey } from "./get-trip-history.ts";

const tripResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip.ts")).tripResponseSchema,
);

export const RESTORE_FAILED = "Failed to restore that version";

/** POST /api/trips/:id/restore: the trip as it was at `version`, saved as a new version. */
export const restoreTripVersion = (id: string, version: number) =>
  apiRequest(`/trips/${encodeURIComponent(id)}/restore`, {
    method: "POST",
    body: { version },
    schema: tripResponseSchemaLoader,
    fallbackError: RESTORE_FAILED,
  }).then((body) => body.trip);

export function useRestoreTripVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => restoreTripVersion(id, version),
    onSuccess: async (trip) => {
      queryClient.setQueryData(tripDetailKey(id), trip);
      await queryClient.invalidateQueries({ queryKey: tripHistoryKey(id) });
    },
  });
}
