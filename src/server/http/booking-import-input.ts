import type { Context } from "hono";
import {
  BOOKING_MAX_FILES,
  BOOKING_MESSAGES,
  bookingTextRequestSchema,
} from "#shared/schemas/bookings.ts";
import type { BookingFileError } from "../bookings/booking-errors.ts";
import type { ImportInput } from "../bookings/booking-import.ts";
import type { BookingFile } from "../bookings/read-booking-file.ts";
import { AppError } from "../lib/http-errors.ts";
import type { AppBindings } from "./context.ts";

/*
 * The HTTP half of a booking import: what the request sent (multipart files or pasted text) and how a
 * file's failure is answered. The reading itself is the bookings room's (bookings/booking-import.ts).
 */

const PASTED_NAME = "Pasted text";

/** The files (or the pasted text, as one text file) of `POST …/bookings/import`; kept in memory only. */
export async function importInputOf(c: Context<AppBindings>): Promise<ImportInput> {
  const type = c.req.header("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    // A body that is not multipart as it claims (no boundary, cut short, mangled) is the client's
    // mistake, not the server's: 400 with the form's own message.
    const body = await c.req.parseBody({ all: true }).catch((error: unknown) => {
      throw new AppError(400, "bad_request", BOOKING_MESSAGES.noFile, { cause: error });
    });
    const values = [body.file ?? []].flat();
    const files: BookingFile[] = [];
    for (const value of values) {
      if (typeof value === "string") continue;
      files.push({
        name: value.name.slice(0, 200) || "file",
        type: value.type,
        bytes: new Uint8Array(await value.arrayBuffer()),
      });
    }
    const text = typeof body.text === "string" ? body.text : "";
    if (files.length === 0 && text.trim() !== "") return fromText(text);
    if (files.length === 0) throw new AppError(422, "invalid_input", BOOKING_MESSAGES.noFile);
    if (files.length > BOOKING_MAX_FILES)
      throw new AppError(422, "invalid_input", BOOKING_MESSAGES.tooManyFiles);
    return { files };
  }
  const json: unknown = await c.req.json().catch(() => null);
  return fromText(bookingTextRequestSchema.parse(json ?? {}).text);
}

function fromText(text: string): ImportInput {
  const { text: checked } = bookingTextRequestSchema.parse({ text });
  return {
    files: [{ name: PASTED_NAME, type: "text/plain", bytes: new TextEncoder().encode(checked) }],
  };
}

/** A file's failure as the API's error, with the file named in `issues`. */
export function bookingErrorResponse(c: Context<AppBindings>, error: BookingFileError) {
  const code =
    error.status === 413
      ? "payload_too_large"
      : error.status === 503
        ? "ai_unavailable"
        : "invalid_input";
  return c.json(
    {
      error: {
        code,
        message: error.message,
        issues: [{ path: error.file, message: error.message }],
      },
    },
    error.status,
  );
}
