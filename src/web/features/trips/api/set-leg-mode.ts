import { useMutation, useQueryClient } from "@tanstack/react-query";
import { tripDetailKey } from "#web/lib/trip/trip-query-keys.ts";
import type { TravelMode } from "#shared/schemas/travel.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { TripConflictError, updateTrip } from "./update-trip.ts";

/**
 * PATCH /api/trips/:id `{ version, setLegMode }`: the leg reaching an activity by the traveller's
 * mode, re-routed by the server. Based on the trip as the page has it; a companion's change saved
 * meanwhile is merged by the server, and a conflict shows the trip as it is now.
 */
export function useSetLegMode(tripId: string) {
  const queryClient = useQueryClient();
  const key = tripDetailKey(tripId);
  return useMutation({
    mutationFn: async ({ activityId, mode }: { activityId: string; mode: TravelMode }) => {
      const current = queryClient.getQueryData<Trip>(key);
      if (!current) throw new Error("The trip is not loaded");
      return updateTrip(tripId, { version: current.version, setLegMode: { activityId, mode } });
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer.trip),
    onError: (error) => {
      if (error instanceof TripConflictError) queryClient.setQueryData(key, error.trip);
    },
  });
}
