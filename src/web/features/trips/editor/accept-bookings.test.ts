import { describe, expect, it } from "vitest";
import type { BookingProposal } from "#shared/schemas/bookings.ts";
import { acceptBookings } from "./accept-bookings.ts";
import { toPatch, type EditableTrip } from "./editable-trip.ts";

const trip: EditableTrip = {
  name: "France",
  destination: "Paris",
  startDate: "2026-12-30",
  endDate: "2027-01-02",
  budget: 1000,
  travelStyle: "comfort",
  interests: [],
  stops: [
    {
      id: "00000000-0000-4000-8000-000000000001",
      destination: "Paris",
      startDate: "2026-12-30",
      endDate: "2027-01-01",
      place: null,
    },
    {
      id: "00000000-0000-4000-8000-000000000002",
      destination: "Lyon",
      startDate: "2027-01-01",
      endDate: "2027-01-02",
      place: null,
    },
  ],
  transport: [],
  stays: [
    {
      id: "00000000-0000-4000-8000-000000000009",
      stopIndex: 0,
      name: "Hôtel X",
      address: null,
      checkIn: "2026-12-30",
      checkOut: "2027-01-01",
      lat: null,
      lng: null,
      osmId: null,
      reference: "HX1",
    },
  ],
  itinerary: {
    days: ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"].map((date) => ({
      date,
      activities: [],
    })),
  },
};

const picks: BookingProposal = {
  transport: [
    {
      mode: "train",
      from: "Paris Gare de Lyon",
      to: "Lyon Part-Dieu",
      departAt: "2027-01-01T17:04",
      arriveAt: "2027-01-01T19:01",
      departZone: "Europe/Paris",
      arriveZone: null,
      carrier: "SNCF",
      number: "TGV 6611",
      reference: "ABC123",
      notes: null,
      existing: false,
      duplicateOf: null,
    },
  ],
  stays: [
    {
      name: "Hôtel Lyon",
      address: "1 rue X, Lyon",
      checkIn: "2027-01-01",
      checkOut: "2027-01-02",
      reference: "HL2",
      existing: false,
      duplicateOf: null,
    },
    {
      name: "Hôtel X",
      address: null,
      checkIn: "2026-12-30",
      checkOut: "2027-01-01",
      reference: "HX1",
      existing: true,
      duplicateOf: "00000000-0000-4000-8000-000000000009",
    },
  ],
  activities: [
    {
      date: "2026-12-31",
      time: "20:00",
      activity: "Concert",
      location: "Philharmonie",
      reference: "C9",
      kind: "event",
      existing: false,
    },
    {
      date: "2027-03-01",
      time: null,
      activity: "Outside the trip",
      location: null,
      reference: null,
      kind: "calendar",
      existing: false,
    },
  ],
};

describe("accepting bookings", () => {
  it("sends the new journeys and stays through PATCH and puts events on their day", () => {
    const next = acceptBookings(trip, picks).apply(trip);
    const patch = toPatch(next, 7, undefined, trip);
    expect(patch.version).toBe(7);
    const { existing: _e, duplicateOf: _d, ...journey } = picks.transport[0]!;
    expect(patch.transport).toEqual([{ ...journey, id: undefined, arriveZone: null }]);
    expect(patch.stays).toEqual([
      { ...trip.stays[0], id: trip.stays[0]!.id },
      {
        id: undefined,
        stopIndex: 1,
        name: "Hôtel Lyon",
        address: "1 rue X, Lyon",
        checkIn: "2027-01-01",
        checkOut: "2027-01-02",
        reference: "HL2",
        lat: null,
        lng: null,
        osmId: null,
      },
    ]);
    const day = patch.itinerary?.days.find((d) => d.date === "2026-12-31");
    expect(day?.activities).toEqual([
      expect.objectContaining({
        time: "20:00",
        activity: "Concert",
        location: "Philharmonie",
        description: "Booking reference C9",
      }),
    ]);
    expect(patch.itinerary?.days.flatMap((d) => d.activities)).toHaveLength(1);
  });

  it("sends no journeys or stays when only ones already on the trip were ticked", () => {
    const only = { transport: [], stays: [picks.stays[1]!], activities: [] };
    const patch = toPatch(acceptBookings(trip, only).apply(trip), 7, undefined, trip);
    expect(patch).not.toHaveProperty("stays");
    expect(patch).not.toHaveProperty("transport");
  });
});
