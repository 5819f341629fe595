import PostalMime from "postal-mime";
import {
  BOOKING_EXPANDED_MAX_BYTES,
  BOOKING_MAX_PARTS,
  BOOKING_MESSAGES,
  type BookingSource,
} from "#shared/schemas/bookings.ts";
import { BookingFileError } from "./booking-errors.ts";
import { isEmptyReading, modelText, type Reading } from "./booking-reading.ts";
import { htmlToText } from "./html-scan.ts";
import { readCalendar } from "./ics-reader.ts";
import { jsonLdBlocks } from "./json-ld.ts";
import { mimePartCount } from "./mime-parts.ts";
import { microdataItems } from "./microdata.ts";
import { pdfText } from "./pdf-text.ts";
import { ExpandsTooFarError, readPass } from "./pkpass-reader.ts";
import { readReservations } from "./schema-org.ts";

/*
 * Everything done to an uploaded file before a model sees it: its format, its parse, its limits.
 * Runs in a worker thread (workers/booking-file.ts, through read-booking-file.ts), so nothing here
 * may need the app's services: what the model must read comes back as text.
 */

export type BookingFile = { name: string; type: string; bytes: Uint8Array };

/** A booking found in the file itself, or text (at most BOOKING_TEXT_MAX_LENGTH) for the model. */
export type Piece =
  | { kind: "reading"; reading: Reading; source: BookingSource }
  | { kind: "text"; name: string; text: string };

/**
 * What a file holds, in order: pieces (each read when it has a booking) and, for when none has one,
 * the text the model reads instead.
 */
export type Extraction = { pieces: Piece[]; fallback: { name: string; text: string } | null };

/** The worker's answer: an Extraction, or the failure the traveller sees (errors do not cross threads whole). */
export type ExtractionResult =
  { ok: true; extraction: Extraction } | { ok: false; status: 413 | 422 | 503; message: string };

type Format = "eml" | "ics" | "pkpass" | "pdf" | "html" | "text";

const startsWith = (bytes: Uint8Array, text: string) =>
  text.split("").every((char, i) => bytes[i] === char.charCodeAt(0));

/** Valid UTF-8 with no NUL: text a person or a mail program wrote. */
function asText(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.includes("\u0000") ? null : text.replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

const MAIL_HEADER =
  /^(?:(?:received|return-path|from|to|subject|date|message-id|mime-version|content-type|delivered-to|reply-to|x-[\w-]+):[^\n]*\r?\n(?:[ \t][^\n]*\r?\n)*)+/i;

/** What a file is, from its name and type first, its first bytes otherwise; null when unknown. */
export function formatOf(file: BookingFile, text: string | null): Format | null {
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase().split(";")[0]?.trim() ?? "";
  if (name.endsWith(".pkpass") || type === "application/vnd.apple.pkpass") return "pkpass";
  if (name.endsWith(".pdf") || type === "application/pdf" || startsWith(file.bytes, "%PDF-"))
    return "pdf";
  if (name.endsWith(".ics") || type === "text/calendar") return "ics";
  if (name.endsWith(".eml") || type === "message/rfc822") return "eml";
  if (startsWith(file.bytes, "PK\u0003\u0004")) return "pkpass";
  if (text === null) return null;
  if (/^\s*BEGIN:VCALENDAR/i.test(text)) return "ics";
  if (MAIL_HEADER.test(text) && /\r?\n\r?\n/.test(text)) return "eml";
  if (name.endsWith(".html") || name.endsWith(".htm") || type === "text/html") return "html";
  if (/^\s*(<!doctype html|<html)/i.test(text)) return "html";
  return "text";
}

/** Whether a file is or may carry a PDF (an e-mail's attachment): its name, type and first bytes only. */
export function mayHoldPdf(file: BookingFile): boolean {
  const format = formatOf(file, null);
  return format === "pdf" || format === "eml" || format === null;
}

function readHtml(html: string): Reading {
  return readReservations([...jsonLdBlocks(html), ...microdataItems(html)]);
}

const textPiece = (name: string, text: string) => ({ name, text: modelText(text) });

/**
 * An e-mail: its MIME tree bounded (parts counted on boundaries before parsing, unpacked bytes
 * after), then schema.org in its HTML, then its calendar, pass and PDF attachments; its text is the
 * fallback for the model.
 */
async function extractEmail(file: BookingFile, modelAvailable: boolean): Promise<Extraction> {
  // Counted before parsing: a tree of thousands of tiny parts is refused without building it.
  if (mimePartCount(file.bytes, BOOKING_MAX_PARTS) > BOOKING_MAX_PARTS)
    throw new BookingFileError(422, file.name, BOOKING_MESSAGES.expandsTooFar(file.name));
  const email = await PostalMime.parse(file.bytes, { maxNestingDepth: 20 });
  const sizes =
    (email.html?.length ?? 0) +
    (email.text?.length ?? 0) +
    email.attachments.reduce(
      (sum, a) => sum + (typeof a.content === "string" ? a.content.length : a.content.byteLength),
      0,
    );
  if (email.attachments.length > BOOKING_MAX_PARTS || sizes > BOOKING_EXPANDED_MAX_BYTES)
    throw new BookingFileError(422, file.name, BOOKING_MESSAGES.expandsTooFar(file.name));

  const pieces: Piece[] = [];
  if (email.html)
    pieces.push({ kind: "reading", reading: readHtml(email.html), source: "schema.org" });
  for (const attachment of email.attachments) {
    const bytes =
      typeof attachment.content === "string"
        ? new TextEncoder().encode(attachment.content)
        : new Uint8Array(attachment.content);
    const part: BookingFile = {
      name: attachment.filename ?? `${file.name} (attachment)`,
      type: attachment.mimeType,
      bytes,
    };
    const format = formatOf(part, null);
    if (format !== "ics" && format !== "pkpass" && format !== "pdf") continue;
    // Without a model a PDF attachment cannot be read: the mail's other bookings still count.
    if (format === "pdf" && !modelAvailable) continue;
    const extracted = await extractAs(part, format, modelAvailable).catch((error: unknown) => {
      if (error instanceof BookingFileError && error.status === 422) return null;
      throw error;
    });
    if (!extracted) continue;
    pieces.push(...extracted.pieces);
    if (extracted.fallback) pieces.push({ kind: "text", ...extracted.fallback });
  }
  const text = email.text ?? (email.html ? htmlToText(email.html) : "");
  const subject = email.subject ? `Subject: ${email.subject}\n` : "";
  return {
    pieces: pieces.filter((p) => p.kind === "text" || !isEmptyReading(p.reading)),
    fallback: textPiece(file.name, `${subject}${text}`),
  };
}

async function extractAs(
  file: BookingFile,
  format: Format,
  modelAvailable: boolean,
): Promise<Extraction> {
  switch (format) {
    case "eml":
      return extractEmail(file, modelAvailable);
    case "ics":
      return {
        pieces: [
          {
            kind: "reading",
            reading: readCalendar(new TextDecoder().decode(file.bytes)),
            source: "ics",
          },
        ],
        fallback: null,
      };
    case "pkpass":
      return {
        pieces: [{ kind: "reading", reading: readPass(file.bytes), source: "pkpass" }],
        fallback: null,
      };
    case "pdf": {
      if (!modelAvailable) throw new BookingFileError(422, file.name, BOOKING_MESSAGES.noBooking);
      return { pieces: [], fallback: textPiece(file.name, await pdfText(file.bytes)) };
    }
    case "html": {
      const html = new TextDecoder().decode(file.bytes);
      const reading = readHtml(html);
      if (!isEmptyReading(reading))
        return { pieces: [{ kind: "reading", reading, source: "schema.org" }], fallback: null };
      return { pieces: [], fallback: textPiece(file.name, htmlToText(html)) };
    }
    case "text":
      return {
        pieces: [],
        fallback: textPiece(file.name, new TextDecoder().decode(file.bytes)),
      };
  }
}

/**
 * One uploaded file taken apart (in a worker thread): what it holds, or the failure naming it —
 * an unknown or damaged format, too many parts, or more unpacked than allowed.
 */
export async function extractBookingFile(
  file: BookingFile,
  modelAvailable: boolean,
): Promise<ExtractionResult> {
  try {
    const format = formatOf(file, asText(file.bytes));
    if (!format)
      throw new BookingFileError(422, file.name, BOOKING_MESSAGES.unknownFormat(file.name));
    return { ok: true, extraction: await extractAs(file, format, modelAvailable) };
  } catch (error) {
    if (error instanceof BookingFileError)
      return { ok: false, status: error.status, message: error.message };
    if (error instanceof ExpandsTooFarError)
      return { ok: false, status: 422, message: BOOKING_MESSAGES.expandsTooFar(file.name) };
    // The readers throw on damaged input (a broken zip, PDF or calendar): that is the file's fault.
    return { ok: false, status: 422, message: BOOKING_MESSAGES.unreadable(file.name) };
  }
}
