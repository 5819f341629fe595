import { TRIP_CONFLICT_MESSAGE } from "#shared/constants.ts";
import type { TripPatch } from "#shared/schemas/trip-edit.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { ApiRequestError, toApiError } from "#web/lib/api-client.ts";

// Ours, in the specification's pattern ('Failed to delete trip').
export const SAVE_TRIP_FAILED = "Failed to save trip";

/** 409: the change was based on an older version; nothing was written. `trip` is the current one. */
export class TripConflictError extends Error {
  override name = "TripConflictError";
  constructor(readonly trip: Trip) {
    super(TRIP_CONFLICT_MESSAGE);
  }
}

/** PATCH /api/trips/:id. Not through apiRequest: a 409 carries the current trip in its body. */
export async function updateTrip(id: string, patch: TripPatch): Promise<Trip> {
  let response: Response;
  try {
    response = await fetch(`/api/trips/${encodeURIComponent(id)}`, {
      method: "PATCH",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(patch),
    });
  } catch {
    throw new ApiRequestError(SAVE_TRIP_FAILED, 0, "network");
  }
  if (response.status === 409) {
    const [{ tripConflictSchema }, body] = await Promise.all([
      import("#shared/schemas/trip-edit.ts"),
      response.json().then(
        (json: unknown) => json,
        () => null,
      ),
    ]);
    const conflict = tripConflictSchema.safeParse(body);
    if (conflict.success) throw new TripConflictError(conflict.data.trip);
    throw new ApiRequestError(TRIP_CONFLICT_MESSAGE, 409, "conflict");
  }
  if (!response.ok) throw await toApiError(response, SAVE_TRIP_FAILED);
  // The schema's module is loaded with the first save, not with the page (api-client.ts, lazySchema).
  const [{ tripResponseSchema }, body] = await Promise.all([
    import("#shared/schemas/trip.ts"),
    response.json() as Promise<unknown>,
  ]);
  return tripResponseSchema.parse(body).trip;
}

export const tripEditKey = (id: string) => ["trips", "edit", id] as const;
