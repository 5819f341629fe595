import { z } from "zod";
import { DESTINATION_MAX_LENGTH, OSM_ID_PATTERN } from "../constants.ts";
import { isTimeZone, LOCAL_DATE_TIME_PATTERN, zonedToEpoch } from "../zoned-time.ts";
import { tripPlaceSchema } from "./itinerary.ts";
import { safeText, storableDate } from "./safe-input.ts";
import { planPriceFields, plannedJourneyFields, plannedStayFields } from "./planned-entries.ts";

/** A trip visits 1 to MAX_STOPS cities in order ("Trips with several stops"). */
export const MAX_STOPS = 8;
export const MAX_TRANSPORT = 40;
export const MAX_STAYS = 40;
export const TRANSPORT_MODES = ["flight", "train", "bus", "car", "ferry", "other"] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];

/** The text fields of a journey or a stay a traveller types: short, storable, null when empty. */
const optionalText = (label: string, max: number) =>
  safeText(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .default(null)
    .transform((value) => (value === "" ? null : value));

const stopDestinationSchema = safeText("City", { error: "City is required" })
  .trim()
  .min(1, "City is required")
  .max(DESTINATION_MAX_LENGTH, `City must be at most ${DESTINATION_MAX_LENGTH} characters`);

const nightsSchema = z
  .number({ error: "Nights must be a number" })
  .int("Nights must be a whole number")
  .min(1, "Each city needs at least 1 night")
  .max(60, "Nights must be at most 60");

/** One city of a plan request: where and for how many nights (`POST /api/trips` `stops`). */
export const stopRequestSchema = z.object({
  destination: stopDestinationSchema,
  nights: nightsSchema,
});
export type StopRequest = z.infer<typeof stopRequestSchema>;

export const stopsRequestSchema = z
  .array(stopRequestSchema)
  .min(1, "Add at least one city")
  .max(MAX_STOPS, `A trip can have at most ${MAX_STOPS} cities`);

const localClock = z.string().regex(/^\d{2}:\d{2}$/);
const localMinute = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

/**
 * The journey between two stops from the routers (issue 46), when no journey is saved: by train or
 * coach from the transit router (`line` as the operator shows it, "TGV INOUI 6613", boarded at
 * `board` at `boardAt` and left at `alight` at `alightAt`), else by road from the street router.
 * `departAt` (the first stop's zone) and `arriveAt` (the next stop's) are door to door, local.
 */
export const stopJourneySchema = z.object({
  mode: z.enum(["train", "coach", "road"]),
  minutes: z.number().int().min(1),
  departAt: localMinute,
  arriveAt: localMinute,
  line: z.string().nullable(),
  board: z.string().nullable(),
  boardAt: localClock.nullable(),
  alight: z.string().nullable(),
  alightAt: localClock.nullable(),
  source: z.enum(["transit", "router"]),
});
export type StopJourney = z.infer<typeof stopJourneySchema>;

/**
 * A stop of a saved trip. It runs from its arrival day to its departure day, which is the next
 * stop's arrival day (Paris 28–30 Dec, Lyon 30 Dec – 1 Jan). `id` keeps a stop's days with it when
 * stops are reordered; `place` is resolved like a destination (null when it was not found).
 */
export const tripStopSchema = z.object({
  id: z.uuid(),
  destination: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  place: tripPlaceSchema.nullable(),
  /** The journey reaching this stop from the one before, found by the routers (issue 46). */
  journey: stopJourneySchema.optional(),
});
export type TripStop = z.infer<typeof tripStopSchema>;

/** `PATCH /api/trips/:id` `stops`: a known `id` keeps that stop's days; a new city has none. */
export const stopPatchSchema = z.object({
  id: z.uuid().optional(),
  destination: stopDestinationSchema,
  nights: nightsSchema,
});
export type StopPatch = z.input<typeof stopPatchSchema>;

const localDateTimeSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(LOCAL_DATE_TIME_PATTERN, `${label} must be a date and time (YYYY-MM-DDTHH:MM)`)
    .refine((value) => storableDate(label).safeParse(value.slice(0, 10)).success, {
      message: `${label} must be a valid date`,
    });

const zoneSchema = (label: string) =>
  z.string().refine(isTimeZone, { message: `${label} must be a time zone such as Europe/Paris` });

/**
 * A journey between two places. Times are local wall-clock times in their own zones (a ticket's
 * "dep 17:04 Lyon, arr 19:01 Paris"); the zones are IANA names.
 */
export const transportSchema = z.object({
  id: z.uuid(),
  mode: z.enum(TRANSPORT_MODES),
  from: z.string(),
  to: z.string(),
  departAt: z.string().regex(LOCAL_DATE_TIME_PATTERN),
  arriveAt: z.string().regex(LOCAL_DATE_TIME_PATTERN),
  departZone: z.string(),
  arriveZone: z.string(),
  carrier: z.string().nullable(),
  number: z.string().nullable(),
  /** A booking reference: members only, never on the shared page. */
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  ...planPriceFields,
  ...plannedJourneyFields,
});
export type Transport = z.infer<typeof transportSchema>;

/**
 * A journey as an editor or an import sends it: a new one has no id; a zone left out is taken by the
 * server from the stop nearest to that end. Arrival before departure is refused (once zones are known).
 */
export const transportInputSchema = z
  .object({
    id: z.uuid().optional(),
    mode: z.enum(TRANSPORT_MODES, {
      error: "Mode must be flight, train, bus, car, ferry or other",
    }),
    from: safeText("From", { error: "From is required" })
      .trim()
      .min(1, "From is required")
      .max(200, "From must be at most 200 characters"),
    to: safeText("To", { error: "To is required" })
      .trim()
      .min(1, "To is required")
      .max(200, "To must be at most 200 characters"),
    departAt: localDateTimeSchema("Departure"),
    arriveAt: localDateTimeSchema("Arrival"),
    departZone: zoneSchema("Departure zone").nullable().default(null),
    arriveZone: zoneSchema("Arrival zone").nullable().default(null),
    carrier: optionalText("Carrier", 100),
    number: optionalText("Number", 40),
    reference: optionalText("Reference", 100),
    notes: optionalText("Notes", 1000),
    ...planPriceFields,
    ...plannedJourneyFields,
  })
  .refine(
    (journey) => {
      if (!journey.departZone || !journey.arriveZone) return true;
      const depart = zonedToEpoch(journey.departAt, journey.departZone);
      const arrive = zonedToEpoch(journey.arriveAt, journey.arriveZone);
      return depart === null || arrive === null || arrive >= depart;
    },
    { path: ["arriveAt"], message: "Arrival cannot be before departure" },
  );
export type TransportInput = z.input<typeof transportInputSchema>;

/** Where the traveller sleeps: located like an activity (lat/lng/osmId null when not found). */
export const staySchema = z.object({
  id: z.uuid(),
  stopIndex: z.number().int().min(0),
  name: z.string(),
  address: z.string().nullable(),
  checkIn: z.iso.date(),
  checkOut: z.iso.date(),
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
  osmId: z.string().regex(OSM_ID_PATTERN).nullable(),
  /** A booking reference: members only, never on the shared page. */
  reference: z.string().nullable(),
  ...planPriceFields,
  ...plannedStayFields,
});
export type Stay = z.infer<typeof staySchema>;

/**
 * A stay as an editor or an import sends it. Without `stopIndex` the server picks the stop whose
 * nights include the check-in night (on a transfer day, the stop being arrived at).
 */
export const stayInputSchema = z
  .object({
    id: z.uuid().optional(),
    stopIndex: z
      .number()
      .int()
      .min(0)
      .max(MAX_STOPS - 1)
      .optional(),
    name: safeText("Name", { error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(200, "Name must be at most 200 characters"),
    address: optionalText("Address", 300),
    checkIn: storableDate("Check-in"),
    checkOut: storableDate("Check-out"),
    lat: z.number().min(-90).max(90).nullable().default(null),
    lng: z.number().min(-180).max(180).nullable().default(null),
    osmId: z.string().regex(OSM_ID_PATTERN).nullable().default(null),
    reference: optionalText("Reference", 100),
    ...planPriceFields,
    ...plannedStayFields,
  })
  .refine((stay) => stay.checkOut > stay.checkIn, {
    path: ["checkOut"],
    message: "Check-out must be after check-in",
  });
export type StayInput = z.input<typeof stayInputSchema>;
