import type {
  BookingProposal,
  ProposedActivity,
  ProposedStay,
  ProposedTransport,
} from "#shared/schemas/bookings.ts";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { MAX_STAYS, MAX_TRANSPORT, type Stay, type Transport } from "#shared/schemas/trip-stops.ts";
import {
  foldBookingText,
  isSameJourney,
  isSameStay,
  sameBookingText,
} from "#shared/same-booking.ts";
import { epochToZoned, zonedToEpoch } from "#shared/zoned-time.ts";
import type { BookingTime, Reading, StayDraft } from "./booking-reading.ts";
import { epochOf, fixedOffsetZone } from "./booking-time.ts";
import { shiftDate } from "#shared/trip-dates.ts";

/** A calendar of thousands of events is read in part: a trip holds at most 40 journeys and stays. */
const MAX_READ = 500;
const MAX_PROPOSED_ACTIVITIES = 200;

/** A place whose zone is known (a trip's stop): a booking's station or airport named like it takes it. */
export type KnownPlace = { names: string[]; zone: string };

/** What the trip already holds, to mark a proposed booking that repeats one. */
export type TripHoldings = {
  transport: Transport[];
  stays: Stay[];
  itinerary: Itinerary | null;
};

const fold = foldBookingText;

/** The known place whose name appears, as whole words, in a station's or airport's text. */
export function matchPlace(text: string | null, places: KnownPlace[]): KnownPlace | null {
  if (!text) return null;
  const haystack = ` ${fold(text)} `;
  return (
    places.find((place) =>
      place.names.some((name) => {
        const needle = fold(name);
        return needle.length >= 2 && haystack.includes(` ${needle} `);
      }),
    ) ?? null
  );
}

/**
 * A booking's time as the local wall-clock time and IANA zone a journey stores. The booking's own
 * zone wins; else the zone of the stop its place matches (the instant kept when an offset was
 * given); else a fixed-offset zone from the offset; else no zone (the server then takes the
 * nearest stop's when the journey is saved).
 */
export function settleTime(
  time: BookingTime,
  placeText: string | null,
  places: KnownPlace[],
): { local: string; zone: string | null } {
  const epoch = epochOf(time);
  const zone = time.zone ?? matchPlace(placeText, places)?.zone ?? null;
  if (zone) return { local: epoch === null ? time.local : epochToZoned(epoch, zone), zone };
  if (epoch === null || time.offsetMinutes === null) return { local: time.local, zone: null };
  const fixed = fixedOffsetZone(time.offsetMinutes);
  if (fixed) return { local: time.local, zone: fixed };
  return { local: epochToZoned(epoch, "UTC"), zone: "UTC" };
}

/**
 * A booking's end as the wall-clock `HH:MM` of its start's zone, when it ends after it starts and
 * within a day (a dinner 20:00–22:00, a concert till 00:30); otherwise null (its length estimated).
 */
function endTimeOf(startLocal: string, endLocal: string): string | null {
  const minutes = (Date.parse(`${endLocal}:00Z`) - Date.parse(`${startLocal}:00Z`)) / 60_000;
  return Number.isFinite(minutes) && minutes > 0 && minutes < 24 * 60
    ? endLocal.slice(11, 16)
    : null;
}

const same = sameBookingText;

const existingJourney = (journey: ProposedTransport, trip: TripHoldings | null) =>
  trip?.transport.find((held) => isSameJourney(held, journey)) ?? null;

const existingStay = (stay: ProposedStay, trip: TripHoldings | null) =>
  trip?.stays.find((held) => isSameStay(held, stay)) ?? null;

function existingActivity(activity: ProposedActivity, trip: TripHoldings | null) {
  const day = trip?.itinerary?.days.find((d) => d.date === activity.date);
  return (
    day?.activities.some(
      (held) =>
        same(held.activity, activity.activity) &&
        (activity.time === null || held.time === activity.time),
    ) ?? false
  );
}

/** Arrival before departure (a misread) cannot be saved: such a journey is left out. */
function inOrder(journey: ProposedTransport) {
  if (!journey.departZone || !journey.arriveZone) return journey.arriveAt >= journey.departAt;
  const depart = zonedToEpoch(journey.departAt, journey.departZone);
  const arrive = zonedToEpoch(journey.arriveAt, journey.arriveZone);
  return depart === null || arrive === null || arrive >= depart;
}

function stayDates(stay: StayDraft): { checkIn: string; checkOut: string } | null {
  const checkOut = stay.checkOut > stay.checkIn ? stay.checkOut : shiftDate(stay.checkIn, 1);
  return /^\d{4}-\d{2}-\d{2}$/.test(stay.checkIn) ? { checkIn: stay.checkIn, checkOut } : null;
}

/** Keeps the first of each key: one booking read twice (JSON-LD and microdata, two passengers). */
function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * What was read, as a proposal: zones settled against the known places, each booking once, and
 * marked `existing` (with `duplicateOf`) when the trip already holds it.
 */
export function toProposal(
  reading: Reading,
  places: KnownPlace[],
  trip: TripHoldings | null,
): BookingProposal {
  const transport = unique(
    reading.journeys
      .slice(0, MAX_READ)
      .map((journey): ProposedTransport => {
        const depart = settleTime(journey.depart, journey.from, places);
        const arrive = settleTime(journey.arrive, journey.to, places);
        const proposed: ProposedTransport = {
          mode: journey.mode,
          from: journey.from,
          to: journey.to,
          departAt: depart.local,
          arriveAt: arrive.local,
          departZone: depart.zone,
          arriveZone: arrive.zone,
          carrier: journey.carrier,
          number: journey.number,
          reference: journey.reference,
          notes: journey.notes,
          ...(journey.totalPrice ? { totalPrice: journey.totalPrice } : {}),
          existing: false,
          duplicateOf: null,
        };
        const held = existingJourney(proposed, trip);
        return held ? { ...proposed, existing: true, duplicateOf: held.id } : proposed;
      })
      .filter(inOrder)
      // The same journey from a mail and from its calendar file: the one with a reference is kept.
      // …and of two alike, the one with a price (a mail's markup over its calendar file's).
      .sort(
        (a, b) =>
          Number(a.reference === null) - Number(b.reference === null) ||
          Number(!a.totalPrice) - Number(!b.totalPrice),
      ),
    (j) => fold([j.mode, j.from, j.to, j.departAt, j.arriveAt].join("|")),
  )
    .sort((a, b) => a.departAt.localeCompare(b.departAt))
    .slice(0, MAX_TRANSPORT);

  const stays = unique(
    reading.stays
      .slice(0, MAX_READ)
      .flatMap((stay): ProposedStay[] => {
        const dates = stayDates(stay);
        if (!dates) return [];
        const proposed: ProposedStay = {
          name: stay.name,
          address: stay.address,
          ...dates,
          reference: stay.reference,
          ...(stay.totalPrice ? { totalPrice: stay.totalPrice } : {}),
          existing: false,
          duplicateOf: null,
        };
        const held = existingStay(proposed, trip);
        return [held ? { ...proposed, existing: true, duplicateOf: held.id } : proposed];
      })
      // The same stay read twice: the one with a price is kept.
      .sort((a, b) => Number(!a.totalPrice) - Number(!b.totalPrice)),
    (s) => fold([s.name, s.checkIn, s.checkOut].join("|")),
  )
    .sort((a, b) => a.checkIn.localeCompare(b.checkIn))
    .slice(0, MAX_STAYS);

  const activities = unique(
    reading.activities.slice(0, MAX_READ).map((draft): ProposedActivity => {
      const start = settleTime(draft.start, draft.location, places);
      const time = draft.start.dateOnly ? null : start.local.slice(11, 16);
      const end = draft.end ? settleTime(draft.end, draft.location, places) : null;
      const proposed: ProposedActivity = {
        date: start.local.slice(0, 10),
        time,
        endTime: time && end ? endTimeOf(start.local, end.local) : null,
        activity: draft.activity,
        location: draft.location,
        reference: draft.reference,
        kind: draft.kind,
        existing: false,
      };
      return { ...proposed, existing: existingActivity(proposed, trip) };
    }),
    (a) => fold([a.date, a.time ?? "", a.activity].join("|")),
  )
    .sort((a, b) => `${a.date}${a.time ?? ""}`.localeCompare(`${b.date}${b.time ?? ""}`))
    .slice(0, MAX_PROPOSED_ACTIVITIES);

  return { transport, stays, activities };
}
