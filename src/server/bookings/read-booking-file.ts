import {
  BOOKING_FILE_MAX_BYTES,
  BOOKING_MESSAGES,
  BOOKING_READ_DEADLINE_MS,
  BOOKING_READ_MEMORY_MB,
  type BookingSource,
} from "#shared/schemas/bookings.ts";
import { boundedWorker, workerEntry, WorkerLimitError } from "../lib/bounded-worker.ts";
import { ModelError } from "../services/llm/model-error.ts";
import { BookingFileError } from "./booking-errors.ts";
import type { BookingModel } from "./booking-model.ts";
import { isEmptyReading, mergeReadings, type Reading } from "./booking-reading.ts";
import type { BookingFile, ExtractionResult } from "./extract-booking-file.ts";

export type { BookingFile } from "./extract-booking-file.ts";
export type FileReading = { reading: Reading; source: BookingSource };
export type ReadOptions = { model: BookingModel | null; signal: AbortSignal; endUser?: string };

/**
 * The threads that take uploaded files apart (workers/booking-file.ts): each with a heap cap, each
 * file with a deadline, so no file can hold the event loop or grow the server without bound.
 */
const fileReaders = boundedWorker({
  entry: workerEntry("booking-file"),
  memoryMb: BOOKING_READ_MEMORY_MB,
  deadlineMs: BOOKING_READ_DEADLINE_MS,
});

async function readWithModel(name: string, text: string, options: ReadOptions): Promise<Reading> {
  if (!options.model || text.trim() === "")
    throw new BookingFileError(422, name, BOOKING_MESSAGES.noBooking);
  try {
    return await options.model.read(text, {
      signal: options.signal,
      ...(options.endUser ? { endUser: options.endUser } : {}),
    });
  } catch (error) {
    if (error instanceof ModelError)
      throw new BookingFileError(503, name, BOOKING_MESSAGES.modelFailed(name));
    throw error;
  }
}

/** The file taken apart in a worker thread; a limit it reached is the file's failure, naming it. */
async function extract(file: BookingFile, options: ReadOptions) {
  let result: ExtractionResult;
  try {
    result = await fileReaders.run<[BookingFile, boolean], ExtractionResult>(
      "extract",
      [file, options.model !== null],
      { signal: options.signal },
    );
  } catch (error) {
    if (error instanceof WorkerLimitError)
      throw new BookingFileError(
        422,
        file.name,
        error.limit === "deadline"
          ? BOOKING_MESSAGES.tooSlowToRead(file.name)
          : BOOKING_MESSAGES.tooBigToRead(file.name),
      );
    throw error;
  }
  if (!result.ok) throw new BookingFileError(result.status, file.name, result.message);
  return result.extraction;
}

/**
 * One uploaded file read into drafts. Throws BookingFileError (413, 422, 503) with a message naming
 * the file: too large, unpacking too far, too slow or too big to read, an unknown or damaged format,
 * or no booking in it.
 */
export async function readBookingFile(
  file: BookingFile,
  options: ReadOptions,
): Promise<FileReading> {
  if (file.bytes.byteLength > BOOKING_FILE_MAX_BYTES)
    throw new BookingFileError(413, file.name, BOOKING_MESSAGES.fileTooLarge(file.name));
  const { pieces, fallback } = await extract(file, options);
  const found: FileReading[] = [];
  for (const piece of pieces) {
    if (piece.kind === "reading") {
      if (!isEmptyReading(piece.reading)) found.push(piece);
      continue;
    }
    // A PDF attached to a mail: read when it has text; the mail's other bookings count regardless.
    const reading = await readWithModel(piece.name, piece.text, options).catch((error: unknown) => {
      if (error instanceof BookingFileError && error.status === 422) return null;
      throw error;
    });
    if (reading && !isEmptyReading(reading)) found.push({ reading, source: "model" });
  }
  let result: FileReading;
  if (found.length > 0)
    result = {
      reading: mergeReadings(found.map((f) => f.reading)),
      source: found[0]?.source ?? "schema.org",
    };
  else if (fallback)
    result = { reading: await readWithModel(file.name, fallback.text, options), source: "model" };
  else {
    const first = pieces[0];
    result = {
      reading: { journeys: [], stays: [], activities: [] },
      source: first?.kind === "reading" ? first.source : "schema.org",
    };
  }
  if (isEmptyReading(result.reading))
    throw new BookingFileError(
      422,
      file.name,
      result.source === "model" ? BOOKING_MESSAGES.noBookingFound : BOOKING_MESSAGES.noBooking,
    );
  return result;
}
