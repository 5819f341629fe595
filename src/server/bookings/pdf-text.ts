import { BOOKING_EXPANDED_MAX_BYTES, BOOKING_TEXT_MAX_LENGTH } from "#shared/schemas/bookings.ts";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";
import { checkPdfStreams } from "./pdf-streams.ts";

const MAX_PAGES = 30;

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;
/**
 * pdf.js and its "worker" (run in this thread: pdf.js takes it from globalThis.pdfjsWorker rather
 * than importing it at the first document), loaded with the first PDF: a few MB a thread otherwise
 * never needs. The reading thread loads them before its deadline starts (workers/booking-file.ts).
 */
export const loadPdfJs = () =>
  (pdfjs ??= (async () => {
    // Untyped module (no declarations ship with it): named through a variable.
    const workerModule: string = "pdfjs-dist/legacy/build/pdf.worker.mjs";
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = (await import(workerModule)) as unknown;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })());

/**
 * The text of a PDF (its first MAX_PAGES pages), in reading order as pdf.js gives it. No worker,
 * no fonts, no eval, nothing fetched: the text layer only. Its streams are decoded and counted first
 * (pdf-streams.ts): past BOOKING_EXPANDED_MAX_BYTES it throws ExpandsTooFarError, unopened.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  checkPdfStreams(bytes, BOOKING_EXPANDED_MAX_BYTES);
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= Math.min(document.numPages, MAX_PAGES); n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : " ") : ""))
        .join("");
      pages.push(text);
      length += text.length;
      if (length > BOOKING_TEXT_MAX_LENGTH) break;
    }
    return pages.join("\n").slice(0, BOOKING_TEXT_MAX_LENGTH);
  } finally {
    await task.destroy();
  }
}
