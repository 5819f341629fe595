import { useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const LOAD_SUGGESTIONS_FAILED = "Failed to load the suggestions";

const suggestionsSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingSuggestionsResponseSchema,
);

/** The browser's region ("en-GB" → GB), for the plug and voltage suggestions; none: the server's. */
export function homeCountry(languages: readonly string[] = navigator.languages): string | null {
  for (const tag of languages) {
    const region = /^[a-z]{2,3}-([A-Z]{2})\b/i.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return null;
}

/** GET /api/trips/:id/packing/suggestions?home=XX. */
export const getSuggestions = (tripId: string, home: string | null, signal?: AbortSignal) =>
  apiRequest(
    `/trips/${encodeURIComponent(tripId)}/packing/suggestions${home ? `?home=${home}` : ""}`,
    { schema: suggestionsSchema, fallbackError: LOAD_SUGGESTIONS_FAILED, signal },
  ).then((body) => body.suggestions);

export const suggestionsKey = (tripId: string) =>
  [...tripLiveKey(tripId), "packing-suggestions"] as const;

export const useSuggestions = (tripId: string, enabled: boolean) =>
  useQuery({
    queryKey: suggestionsKey(tripId),
    queryFn: ({ signal }) => getSuggestions(tripId, homeCountry(), signal),
    enabled,
  });
