import { bookedActivity } from "#shared/booked-activity.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import type { BookingPicks } from "#web/lib/trip/trip-slots.ts";
import {
  addActivity,
  allOf,
  newActivityId,
  addStays,
  addTransport,
  type EditableTrip,
  type TripChange,
} from "./editable-trip.ts";

/** The stop a stay's check-in falls in (the last one when it is past them all). */
const stopIndexOf = (stops: readonly TripStop[], checkIn: string): number => {
  const at = stops.findIndex((s) => checkIn >= s.startDate && checkIn < s.endDate);
  return at >= 0
    ? at
    : Math.max(
        0,
        stops.findLastIndex((s) => s.startDate <= checkIn),
      );
};

/**
 * Ticked bookings as one change of the editor, so they go through the versioned PATCH (merged with
 * others' edits, in the history, live). A booking the trip already holds is never added again, also
 * when the change is applied later to a newer trip (a waiting change sent, a change reapplied).
 */
export function acceptBookings(trip: EditableTrip, picks: BookingPicks): TripChange {
  const transport: Transport[] = picks.transport
    .filter((t) => !t.existing)
    .map(({ existing: _e, duplicateOf: _d, ...t }) => ({
      ...t,
      id: newActivityId(),
      // An empty zone goes as null: the server takes the nearest stop's.
      departZone: t.departZone ?? "",
      arriveZone: t.arriveZone ?? "",
    }));
  const stays: Stay[] = picks.stays
    .filter((s) => !s.existing)
    .map(({ existing: _e, duplicateOf: _d, ...s }) => ({
      ...s,
      id: newActivityId(),
      stopIndex: stopIndexOf(trip.stops, s.checkIn),
      lat: null,
      lng: null,
      osmId: null,
    }));
  const days = new Set(trip.itinerary.days.map((d) => d.date));
  const activities = picks.activities
    .filter((a) => !a.existing && days.has(a.date))
    // The same activity the server makes of a booking for a new trip (an event lasts 2 h, a table 1.5).
    .map((a) => addActivity(a.date, bookedActivity(a, { id: newActivityId() })));
  return allOf(
    [
      // Added to the trip as it is when the change is applied (a companion's journey saved since
      // this page read the trip stays), never as a whole list read now.
      ...(transport.length > 0 ? [addTransport(transport, "Add bookings")] : []),
      ...(stays.length > 0 ? [addStays(stays, "Add bookings")] : []),
      ...activities,
    ],
    "Add bookings",
  );
}
