import { TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import type { TripPatch, TripPatchResponse } from "#shared/schemas/trip-edit.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { ApiRequestError, apiRequest, lazySchema } from "#web/lib/api-client.ts";

// Ours, in the specification's pattern ('Failed to delete trip').
export const SAVE_TRIP_FAILED = "Failed to save trip";

/** 409: the change was based on an older version; nothing was written. `trip` is the current one. */
export class TripConflictError extends Error {
  override name = "TripConflictError";
  constructor(readonly trip: Trip) {
    super(TRIP_CONFLICT_MESSAGE);
  }
}

const tripPatchResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip-edit.ts")).tripPatchResponseSchema,
);

/** A 409's body is the current trip; without it, the conflict is still said. */
async function conflictError(response: Response): Promise<Error> {
  const [{ tripConflictSchema }, body] = await Promise.all([
    import("#shared/schemas/trip-edit.ts"),
    response.json().then(
      (json: unknown) => json,
      () => null,
    ),
  ]);
  const conflict = tripConflictSchema.safeParse(body);
  if (conflict.success) return new TripConflictError(conflict.data.trip);
  return new ApiRequestError(TRIP_CONFLICT_MESSAGE, 409, "conflict");
}

/**
 * PATCH /api/trips/:id: the saved trip, and the places an ambiguous new location could be. A 409
 * throws TripConflictError with the trip as it is now.
 */
export const updateTrip = (id: string, patch: TripPatch): Promise<TripPatchResponse> =>
  apiRequest(`/trips/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: patch,
    schema: tripPatchResponseSchemaLoader,
    fallbackError: SAVE_TRIP_FAILED,
    onStatus: { status: 409, toError: conflictError },
  });

export const tripEditKey = (id: string) => ["trips", "edit", id] as const;
