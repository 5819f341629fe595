import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import { apiRequest } from "#web/lib/api-client.ts";
import { tripDetailKey } from "./get-trip.ts";
import { tripListKey } from "./get-trips.ts";

export const deleteTrip = (id: string) =>
  apiRequest(`/trips/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: z.undefined(),
    fallbackError: MESSAGES.deleteTripFailed,
  });

export function useDeleteTrip(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTrip(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: tripDetailKey(id) });
      await queryClient.invalidateQueries({ queryKey: tripListKey });
    },
  });
}
