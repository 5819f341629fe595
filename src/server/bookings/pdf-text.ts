import { BOOKING_TEXT_MAX_LENGTH } from "#shared/schemas/bookings.ts";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";

const MAX_PAGES = 30;

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | undefined;
// Loaded with the first PDF: a few MB the server otherwise never needs.
const loadPdfJs = () => (pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs"));

/**
 * The text of a PDF (its first MAX_PAGES pages), in reading order as pdf.js gives it. No worker,
 * no fonts, no eval, nothing fetched: the text layer only.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
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
