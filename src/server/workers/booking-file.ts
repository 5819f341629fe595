import {
  extractBookingFile,
  mayHoldPdf,
  type BookingFile,
} from "../bookings/extract-booking-file.ts";
import { loadPdfJs } from "../bookings/pdf-text.ts";
import { boundedTask } from "../lib/bounded-worker.ts";

/*
 * Worker entry (a thread of bookings/read-booking-file.ts's pool, see lib/bounded-worker.ts): an
 * uploaded booking file taken apart off the main thread, under a heap cap and a deadline.
 */

/** `[file, whether a model will read its text]` → an ExtractionResult. */
export const extract = boundedTask(
  ([file, modelAvailable]: [BookingFile, boolean]) => extractBookingFile(file, modelAvailable),
  // pdf.js (a few MB of code) loads before the clock starts, when the file may need it.
  async ([file, modelAvailable]) => {
    if (modelAvailable && mayHoldPdf(file)) await loadPdfJs();
  },
);
