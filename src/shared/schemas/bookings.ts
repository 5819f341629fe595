import { z } from "zod";
import { LOCAL_DATE_TIME_PATTERN } from "../zoned-time.ts";
import { priceSchema } from "./planned-entries.ts";
import { safeText } from "./safe-input.ts";
import { stopRequestSchema, TRANSPORT_MODES } from "./trip-stops.ts";

/*
 * "Bookings in" (issue 35): confirmation e-mails, calendar files, passes, PDFs and pasted text read
 * into a proposal. Nothing is saved by the import: the traveller accepts all or part of it through
 * PATCH /api/trips/:id (its `transport` and `stays`, whose input schemas are in trip-stops.ts).
 */

export const BOOKING_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** What a zip or a MIME tree may expand to, and how many parts it may have. */
export const BOOKING_EXPANDED_MAX_BYTES = 20 * 1024 * 1024;
export const BOOKING_MAX_PARTS = 200;
export const BOOKING_MAX_FILES = 10;
export const BOOKING_TEXT_MAX_LENGTH = 100_000;
/** How long an uploaded file may take to read (in a worker thread), and the heap that thread may use. */
export const BOOKING_READ_DEADLINE_MS = 2_000;
export const BOOKING_READ_MEMORY_MB = 256;
export const IMPORT_RATE_LIMIT_WINDOW_SECONDS = 60 * 60;

export const BOOKING_SOURCES = ["schema.org", "ics", "pkpass", "model"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const BOOKING_MESSAGES = {
  noBooking:
    "We could not find a booking in this file. PDFs and plain text need an AI provider; confirmation e-mails and calendar files do not.",
  noBookingFound: "We could not find a booking in this file.",
  noFile: "Choose a file or paste the text of a booking.",
  tooManyFiles: `Send at most ${BOOKING_MAX_FILES} files at once.`,
  tooLarge: "Files can be at most 5 MB.",
  fileTooLarge: (name: string) => `${name} is larger than 5 MB.`,
  expandsTooFar: (name: string) =>
    `${name} unpacks to more than 20 MB or 200 parts, so it was not read.`,
  tooSlowToRead: (name: string) =>
    `${name} takes longer than ${BOOKING_READ_DEADLINE_MS / 1000} seconds to read, so it was not read.`,
  tooBigToRead: (name: string) =>
    `${name} needs more than ${BOOKING_READ_MEMORY_MB} MB of memory to read, so it was not read.`,
  unknownFormat: (name: string) =>
    `${name} is not a format we read: send an e-mail (.eml), a calendar file (.ics), a pass (.pkpass), a PDF or text.`,
  unreadable: (name: string) => `${name} could not be read: the file looks damaged.`,
  modelFailed: (name: string) =>
    `${name} could not be read by the AI provider just now. Please try again later.`,
} as const;

/** `POST …/bookings/import` as JSON: pasted text. */
export const bookingTextRequestSchema = z.object({
  text: safeText("Text", { error: "Text is required" })
    .trim()
    .min(1, BOOKING_MESSAGES.noFile)
    .max(BOOKING_TEXT_MAX_LENGTH, `Text must be at most ${BOOKING_TEXT_MAX_LENGTH} characters`),
});
export type BookingTextRequest = z.infer<typeof bookingTextRequestSchema>;

/** What marks a proposed item as already on the trip: it is shown, never added a second time. */
const existingFields = {
  /** True when the trip already holds this booking (same reference, or same times and route/dates). */
  existing: z.boolean(),
  /** The id of the journey or stay on the trip that this one repeats; null when it is new. */
  duplicateOf: z.string().nullable(),
};

/**
 * A journey read from a booking, in the shape PATCH's `transport` takes (without id). A zone is null
 * when neither the booking nor a stop gave one: the server then takes the nearest stop's.
 */
export const proposedTransportSchema = z.object({
  mode: z.enum(TRANSPORT_MODES),
  from: z.string(),
  to: z.string(),
  departAt: z.string().regex(LOCAL_DATE_TIME_PATTERN),
  arriveAt: z.string().regex(LOCAL_DATE_TIME_PATTERN),
  departZone: z.string().nullable(),
  arriveZone: z.string().nullable(),
  carrier: z.string().nullable(),
  number: z.string().nullable(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  /** What the booking says it costs, in its own currency (issue 47); absent when it does not say. */
  totalPrice: priceSchema.optional(),
  ...existingFields,
});
export type ProposedTransport = z.infer<typeof proposedTransportSchema>;

/** A stay read from a booking, in the shape PATCH's `stays` takes (the server picks its stop). */
export const proposedStaySchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  checkIn: z.iso.date(),
  checkOut: z.iso.date(),
  reference: z.string().nullable(),
  /** What the booking says the stay costs, in its own currency (issue 47); absent when it does not say. */
  totalPrice: priceSchema.optional(),
  ...existingFields,
});
export type ProposedStay = z.infer<typeof proposedStaySchema>;

/** An event, a table or a calendar entry: an activity of the day it happens on. */
export const proposedActivitySchema = z.object({
  date: z.iso.date(),
  /** Local wall-clock `HH:MM`, null for a whole-day entry. */
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable(),
  /** When the booking ends, `HH:MM` on the same clock (past midnight when before `time`); null when unknown. */
  endTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable()
    .default(null),
  activity: z.string(),
  location: z.string().nullable(),
  reference: z.string().nullable(),
  kind: z.enum(["event", "restaurant", "car", "calendar", "other"]),
  existing: z.boolean(),
});
export type ProposedActivity = z.infer<typeof proposedActivitySchema>;

export const bookingProposalSchema = z.object({
  transport: z.array(proposedTransportSchema),
  stays: z.array(proposedStaySchema),
  activities: z.array(proposedActivitySchema),
});
export type BookingProposal = z.infer<typeof bookingProposalSchema>;

/** `POST /api/trips/:id/bookings/import` → 200. */
export const tripBookingImportSchema = z.object({
  proposal: bookingProposalSchema,
  source: z.enum(BOOKING_SOURCES),
});
export type TripBookingImport = z.infer<typeof tripBookingImportSchema>;

/** `POST /api/bookings/import` → 200: a new trip's frame from bookings alone. */
export const newTripBookingImportSchema = z.object({
  proposal: bookingProposalSchema.extend({
    destination: z.string(),
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    /** In the shape of POST /api/trips `stops` (a city and its nights). */
    stops: z.array(stopRequestSchema),
  }),
  source: z.enum(BOOKING_SOURCES),
});
export type NewTripBookingImport = z.infer<typeof newTripBookingImportSchema>;
