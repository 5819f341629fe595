import { ApiRequestError, toApiError } from "#web/lib/api-client.ts";

export const IMPORT_BOOKINGS_FAILED = "Could not read the bookings. Please try again.";

/** Files picked or dropped (several at once), or pasted text. */
export type BookingInput = { files: readonly File[] } | { text: string };

/**
 * Sends bookings to one of the two import endpoints (the trip's and the new trip's): files as
 * multipart (field `file`, several times) or pasted text as JSON. Not through apiRequest: a
 * FormData body must go without a JSON content type. Returns the answer's JSON, unchecked: each
 * endpoint's file checks it with its own schema.
 */
export async function postBookingImport(url: string, input: BookingInput): Promise<unknown> {
  let body: FormData | string;
  if ("files" in input) {
    body = new FormData();
    for (const file of input.files) body.append("file", file, file.name);
  } else body = JSON.stringify({ text: input.text });
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: typeof body === "string" ? { "Content-Type": "application/json" } : {},
      body,
    });
  } catch {
    throw new ApiRequestError(IMPORT_BOOKINGS_FAILED, 0, "network");
  }
  if (!response.ok) throw await toApiError(response, IMPORT_BOOKINGS_FAILED);
  return response.json();
}
