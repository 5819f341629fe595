import type { BookingSource } from "#shared/schemas/bookings.ts";
import type { BookingModel } from "./booking-model.ts";
import { mergeReadings, type Reading } from "./booking-reading.ts";
import { readBookingFile, type BookingFile, type FileReading } from "./read-booking-file.ts";

/** What an import request sent: files (multipart `file`, several allowed) or pasted text. */
export type ImportInput = { files: BookingFile[] };

/**
 * Every file read, one after the other (a PDF and the model are not cheap); the first file that
 * cannot be read fails the import with its message, so nothing half-read is proposed.
 */
export async function readImport(
  deps: { bookingModel: BookingModel | null },
  input: ImportInput,
  options: { signal: AbortSignal; userId: string },
): Promise<{ reading: Reading; source: BookingSource }> {
  const results: FileReading[] = [];
  for (const file of input.files) {
    results.push(
      await readBookingFile(file, {
        model: deps.bookingModel,
        signal: options.signal,
        endUser: options.userId,
      }),
    );
  }
  return {
    reading: mergeReadings(results.map((r) => r.reading)),
    source: results.find((r) => r.source === "model")?.source ?? results[0]?.source ?? "schema.org",
  };
}
