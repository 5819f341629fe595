import type { Stay, Transport } from "./schemas/trip-stops.ts";

/** Text as compared between bookings: no accents, case or punctuation ("Part-Dieu" = "part dieu"). */
export const foldBookingText = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const same = (a: string | null, b: string | null) =>
  a !== null &&
  b !== null &&
  foldBookingText(a) !== "" &&
  foldBookingText(a) === foldBookingText(b);

type JourneyFacts = Pick<Transport, "reference" | "departAt" | "arriveAt" | "from" | "to">;
type StayFacts = Pick<Stay, "reference" | "checkIn" | "checkOut" | "name">;

/**
 * The same journey booked once: the same reference leaving the same day, or the same times and
 * route. The import marks such a booking as already on the trip, and accepting it never adds it twice.
 */
export const isSameJourney = (held: JourneyFacts, journey: JourneyFacts) =>
  (same(held.reference, journey.reference) &&
    held.departAt.slice(0, 10) === journey.departAt.slice(0, 10)) ||
  (held.departAt === journey.departAt &&
    held.arriveAt === journey.arriveAt &&
    same(held.from, journey.from) &&
    same(held.to, journey.to));

/** The same stay: the same reference, or the same nights at the same name. */
export const isSameStay = (held: StayFacts, stay: StayFacts) =>
  same(held.reference, stay.reference) ||
  (held.checkIn === stay.checkIn && held.checkOut === stay.checkOut && same(held.name, stay.name));

/** Same text as bookings compare it (an activity's name, a booking reference). */
export const sameBookingText = same;
