import type { PlaceResult } from "#shared/schemas/places.ts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PLACE_SEARCH_MAX_LENGTH } from "#shared/constants.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const placeSearchResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/places.ts")).placeSearchResponseSchema,
);

export const PLACE_SEARCH_FAILED =
  "Places could not be searched just now. Type the location instead.";

export const searchPlaces = (tripId: string, q: string, signal?: AbortSignal) =>
  apiRequest(`/places/search?${new URLSearchParams({ tripId, q }).toString()}`, {
    schema: placeSearchResponseSchemaLoader,
    fallbackError: PLACE_SEARCH_FAILED,
    signal,
  }).then((body) => body.places);

export const placeSearchKey = (tripId: string, q: string) =>
  ["places", "search", tripId, q] as const;

/** Whether a typed text is worth a search (the route answers 422 to empty or over-long ones). */
export const isSearchable = (q: string) =>
  q.trim().length > 0 && q.trim().length <= PLACE_SEARCH_MAX_LENGTH;

/**
 * Places near the trip's destination whose name contains `q`. Not retried: the traveller is typing,
 * and a 503 ("places are unavailable") should say so at once; they can always type the location.
 */
export const usePlaceSearch = (tripId: string, q: string) =>
  useQuery<PlaceResult[]>({
    queryKey: placeSearchKey(tripId, q.trim()),
    queryFn: ({ signal }) => searchPlaces(tripId, q.trim(), signal),
    enabled: isSearchable(q),
    staleTime: 5 * 60_000,
    retry: false,
    // The previous answer stays listed while the next is on its way: no flicker at every key.
    placeholderData: keepPreviousData,
  });
