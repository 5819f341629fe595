import PostalMime from "postal-mime";
import {
  BOOKING_EXPANDED_MAX_BYTES,
  BOOKING_FILE_MAX_BYTES,
  BOOKING_MAX_PARTS,
  BOOKING_MESSAGES,
  type BookingSource,
} from "#shared/schemas/bookings.ts";
import { ModelError } from "../services/llm/model-error.ts";
import { BookingFileError } from "./booking-errors.ts";
import type { BookingModel } from "./booking-model.ts";
import { isEmptyReading, mergeReadings, type Reading } from "./booking-reading.ts";
import { decodeEntities } from "./html-text.ts";
import { readCalendar } from "./ics-reader.ts";
import { jsonLdBlocks } from "./json-ld.ts";
import { microdataItems } from "./microdata.ts";
import { pdfText } from "./pdf-text.ts";
import { ExpandsTooFarError, readPass } from "./pkpass-reader.ts";
import { readReservations } from "./schema-org.ts";

export type BookingFile = { name: string; type: string; bytes: Uint8Array };
export type FileReading = { reading: Reading; source: BookingSource };
export type ReadOptions = { model: BookingModel | null; signal: AbortSignal; endUser?: string };

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

/** Visible text of HTML, for the model: tags, scripts and styles out, entities decoded. */
function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<br\s*\/?>|<\/(p|div|tr|li|h\d)>/gi, "\n")
      .replace(/<[^>]*>/g, " "),
  )
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}

function readHtml(html: string): Reading {
  return readReservations([...jsonLdBlocks(html), ...microdataItems(html)]);
}

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

/**
 * An e-mail: its MIME tree bounded (parts, unpacked bytes), then schema.org in its HTML, then its
 * calendar, pass and PDF attachments; the model reads its text only when none of that held a booking.
 */
async function readEmail(file: BookingFile, options: ReadOptions): Promise<FileReading> {
  const raw = new TextDecoder("latin1").decode(file.bytes);
  // Counted before parsing: a tree of thousands of tiny parts is refused without building it.
  if ((raw.match(/^content-type:/gim)?.length ?? 0) > BOOKING_MAX_PARTS)
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

  const found: FileReading[] = [];
  if (email.html) {
    const reading = readHtml(email.html);
    if (!isEmptyReading(reading)) found.push({ reading, source: "schema.org" });
  }
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
    if (format === "pdf" && !options.model) continue;
    const result = await readFile(part, format, options).catch((error: unknown) => {
      if (error instanceof BookingFileError && error.status === 422) return null;
      throw error;
    });
    if (result && !isEmptyReading(result.reading)) found.push(result);
  }
  if (found.length > 0)
    return {
      reading: mergeReadings(found.map((f) => f.reading)),
      source: found[0]?.source ?? "schema.org",
    };
  const text = email.text ?? (email.html ? htmlToText(email.html) : "");
  const subject = email.subject ? `Subject: ${email.subject}\n` : "";
  return {
    reading: await readWithModel(file.name, `${subject}${text}`, options),
    source: "model",
  };
}

async function readFile(
  file: BookingFile,
  format: Format,
  options: ReadOptions,
): Promise<FileReading> {
  switch (format) {
    case "eml":
      return readEmail(file, options);
    case "ics":
      return { reading: readCalendar(new TextDecoder().decode(file.bytes)), source: "ics" };
    case "pkpass":
      return { reading: readPass(file.bytes), source: "pkpass" };
    case "pdf": {
      if (!options.model) throw new BookingFileError(422, file.name, BOOKING_MESSAGES.noBooking);
      const text = await pdfText(file.bytes);
      return { reading: await readWithModel(file.name, text, options), source: "model" };
    }
    case "html": {
      const html = new TextDecoder().decode(file.bytes);
      const reading = readHtml(html);
      if (!isEmptyReading(reading)) return { reading, source: "schema.org" };
      return {
        reading: await readWithModel(file.name, htmlToText(html), options),
        source: "model",
      };
    }
    case "text":
      return {
        reading: await readWithModel(file.name, new TextDecoder().decode(file.bytes), options),
        source: "model",
      };
  }
}

/**
 * One uploaded file read into drafts. Throws BookingFileError (413, 422, 503) with a message naming
 * the file: too large, unpacking too far, an unknown or damaged format, or no booking in it.
 */
export async function readBookingFile(
  file: BookingFile,
  options: ReadOptions,
): Promise<FileReading> {
  if (file.bytes.byteLength > BOOKING_FILE_MAX_BYTES)
    throw new BookingFileError(413, file.name, BOOKING_MESSAGES.fileTooLarge(file.name));
  const format = formatOf(file, asText(file.bytes));
  if (!format)
    throw new BookingFileError(422, file.name, BOOKING_MESSAGES.unknownFormat(file.name));
  let result: FileReading;
  try {
    result = await readFile(file, format, options);
  } catch (error) {
    if (error instanceof BookingFileError) throw error;
    if (error instanceof ExpandsTooFarError)
      throw new BookingFileError(422, file.name, BOOKING_MESSAGES.expandsTooFar(file.name));
    if (options.signal.aborted) throw error;
    // The readers throw on damaged input (a broken zip, PDF or calendar): that is the file's fault.
    throw new BookingFileError(422, file.name, BOOKING_MESSAGES.unreadable(file.name));
  }
  if (isEmptyReading(result.reading))
    throw new BookingFileError(
      422,
      file.name,
      result.source === "model" ? BOOKING_MESSAGES.noBookingFound : BOOKING_MESSAGES.noBooking,
    );
  return result;
}
