import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportedPlace } from "#shared/schemas/places-io.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { applyPlaces } from "./apply-places.ts";

const tripResponseSchema = lazySchema(
  async () => (await import("#shared/schemas/trip.ts")).tripResponseSchema,
);

export const CREATE_TRIP_FAILED = "Could not create the trip. Please try again.";

/** A trip made, and the day its places go on (its first). */
export type MadeTrip = { id: string; date: string };

export type TripFromPlaces = {
  /** The trip's facts, checked by the planning form's schema. */
  facts: TripRequest;
  places: ImportedPlace[];
  /** A trip made by an earlier try whose places could not be added: only the places are sent. */
  madeTrip: MadeTrip | null;
};

/** What failed: the trip itself (nothing saved), or its places (the trip exists, `trip`). */
export class PlacesNotAdded extends Error {
  constructor(
    readonly trip: MadeTrip,
    readonly reason: unknown,
  ) {
    super("The trip was made, but its places could not be added.");
  }
}

/**
 * Home's "Start from saved places": `POST /api/trips` without the planner (`planRest: false`: the
 * days start empty, nothing counted against the generation limit), then the places onto it from
 * its first day as `POST …/import-places/apply` adds them (the next days when one is full).
 */
export async function createTripFromPlaces({
  facts,
  places,
  madeTrip,
}: TripFromPlaces): Promise<{ tripId: string }> {
  const trip = madeTrip ?? {
    id: (
      await apiRequest<{ trip: Trip }>("/trips", {
        method: "POST",
        body: { ...facts, planRest: false },
        schema: tripResponseSchema,
        fallbackError: CREATE_TRIP_FAILED,
      })
    ).trip.id,
    date: facts.startDate,
  };
  try {
    await applyPlaces(trip.id, { date: trip.date, places });
  } catch (error) {
    throw new PlacesNotAdded(trip, error);
  }
  return { tripId: trip.id };
}

export function useCreateTripFromPlaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTripFromPlaces,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["trips"] }),
  });
}
