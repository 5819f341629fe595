import { useMutation } from "@tanstack/react-query";
import type { PlacesPreview } from "#shared/schemas/places-io.ts";
import { ApiRequestError, toApiError } from "#web/lib/api-client.ts";

export const IMPORT_PLACES_FAILED = "Could not read the files. Please try again.";

/**
 * `POST /api/trips/:id/import-places` (or Home's `POST /api/import-places` when `tripId` is null):
 * the files as multipart (`file`, several times), read into a preview. Not through apiRequest: a
 * FormData body must go without a JSON content type.
 */
export async function importPlaces(
  tripId: string | null,
  files: readonly File[],
): Promise<PlacesPreview> {
  const body = new FormData();
  for (const file of files) body.append("file", file, file.name);
  let response: Response;
  try {
    const url =
      tripId === null
        ? "/api/import-places"
        : `/api/trips/${encodeURIComponent(tripId)}/import-places`;
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      body,
    });
  } catch {
    throw new ApiRequestError(IMPORT_PLACES_FAILED, 0, "network");
  }
  if (!response.ok) throw await toApiError(response, IMPORT_PLACES_FAILED);
  const [{ z }, { importedPlaceSchema }] = await Promise.all([
    import("zod"),
    import("#shared/schemas/places-io.ts"),
  ]);
  return z
    .object({
      places: z.array(importedPlaceSchema),
      skipped: z.array(z.object({ file: z.string(), line: z.number(), reason: z.string() })),
    })
    .parse(await response.json());
}

export function useImportPlaces(tripId: string | null) {
  return useMutation({ mutationFn: (files: readonly File[]) => importPlaces(tripId, files) });
}
