import { describe, expect, it } from "vitest";
import type { BookingProposal } from "#shared/schemas/bookings.ts";
import { acceptBookings } from "./accept-bookings.ts";
import type { Stay, Transport } from "#shared/schemas/trip-stops.ts";
import {
  changeFromOp,
  putStay,
  putTransport,
  removeStay,
  removeTransport,
  setTransport,
  toPatch,
  type EditableTrip,
  type TripChange,
} from "./editable-trip.ts";

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
      endTime: null,
      activity: "Concert",
      location: "Philharmonie",
      reference: "C9",
      kind: "event",
      existing: false,
    },
    {
      date: "2027-03-01",
      time: null,
      endTime: null,
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

/** A journey and a stay a companion saved after this tab read the trip. */
const companionJourney: Transport = {
  id: "00000000-0000-4000-8000-0000000000c1",
  mode: "flight",
  from: "London Heathrow",
  to: "Paris CDG",
  departAt: "2026-12-30T08:10",
  arriveAt: "2026-12-30T10:25",
  departZone: "Europe/London",
  arriveZone: "Europe/Paris",
  carrier: "Air France",
  number: "AF 1081",
  reference: "BOB777",
  notes: null,
};
const companionStay: Stay = {
  id: "00000000-0000-4000-8000-0000000000c2",
  stopIndex: 1,
  name: "Auberge de Bob",
  address: null,
  checkIn: "2027-01-01",
  checkOut: "2027-01-02",
  lat: null,
  lng: null,
  osmId: null,
  reference: "BOB-STAY",
};
const newer: EditableTrip = {
  ...trip,
  transport: [companionJourney],
  stays: [...trip.stays, companionStay],
};
/** The change as a reload of the tab reads it back from session storage. */
const stored = (change: ReturnType<typeof acceptBookings>) =>
  changeFromOp(JSON.parse(JSON.stringify(change.op)) as typeof change.op, change.label);

describe("accepting bookings, applied later to a newer trip", () => {
  it("keeps the journey and stay a companion saved in between, also read back from storage", () => {
    const change = acceptBookings(trip, picks);
    for (const applied of [change, stored(change)]) {
      const next = applied.apply(newer);
      expect(next.transport.map((t) => t.number)).toEqual(["AF 1081", "TGV 6611"]);
      expect(next.stays.map((s) => s.name)).toEqual(["Hôtel X", "Auberge de Bob", "Hôtel Lyon"]);
      const patch = toPatch(next, 8, undefined, newer);
      // The companion's keep their ids (kept by the server), the new ones go without.
      expect(patch.transport?.map((t) => t.id)).toEqual([companionJourney.id, undefined]);
      expect(patch.stays?.map((s) => s.id)).toEqual([
        trip.stays[0]!.id,
        companionStay.id,
        undefined,
      ]);
    }
  });

  it("adds nothing twice when applied again, or to the trip as the server saved it", () => {
    const change = acceptBookings(trip, picks);
    const once = change.apply(newer);
    const twice = stored(change).apply(once);
    expect(twice.transport).toEqual(once.transport);
    expect(twice.stays).toEqual(once.stays);
    expect(twice.itinerary).toEqual(once.itinerary);

    // The server gives new journeys and stays their own ids and fills the zones it was left.
    const saved: EditableTrip = {
      ...once,
      transport: once.transport.map((t) =>
        t.id === companionJourney.id
          ? t
          : { ...t, id: "00000000-0000-4000-8000-0000000000e1", arriveZone: "Europe/Paris" },
      ),
      stays: once.stays.map((s) =>
        s.name === "Hôtel Lyon" ? { ...s, id: "00000000-0000-4000-8000-0000000000e2" } : s,
      ),
    };
    const replayed = stored(change).apply(saved);
    expect(replayed.transport).toEqual(saved.transport);
    expect(replayed.stays).toEqual(saved.stays);
    const patch = toPatch(replayed, 9, undefined, saved);
    expect(patch).not.toHaveProperty("transport");
    expect(patch).not.toHaveProperty("stays");
  });

  it("still reads a whole-list change stored by an earlier page", () => {
    const op = JSON.parse(
      JSON.stringify(setTransport([companionJourney], "Add journey").op),
    ) as Parameters<typeof changeFromOp>[0];
    expect(changeFromOp(op, "Add journey").apply(trip).transport).toEqual([companionJourney]);
  });
});

describe("editing or removing one journey or stay, applied later to a newer trip", () => {
  const mine: Transport = { ...companionJourney, id: "00000000-0000-4000-8000-0000000000d1" };
  const read: EditableTrip = { ...trip, transport: [mine] };
  const later: EditableTrip = { ...newer, transport: [mine, companionJourney] };
  const back = (change: TripChange) =>
    changeFromOp(JSON.parse(JSON.stringify(change.op)) as TripChange["op"], change.label);

  it("edits its journey in place and keeps the companion's, also read back from storage", () => {
    const change = putTransport({ ...mine, number: "AF 1083" }, "Edit journey");
    for (const applied of [change, back(change)]) {
      const next = applied.apply(later);
      expect(next.transport.map((t) => [t.id, t.number])).toEqual([
        [mine.id, "AF 1083"],
        [companionJourney.id, "AF 1081"],
      ]);
    }
    // The whole list read before the companion's journey would have dropped it.
    const whole = setTransport(
      read.transport.map((t) => ({ ...t, number: "AF 1083" })),
      "Edit journey",
    );
    expect(whole.apply(later).transport.map((t) => t.id)).toEqual([mine.id]);
  });

  it("removes only its journey and its stay", () => {
    const gone = back(removeTransport(mine.id, "Remove journey")).apply(later);
    expect(gone.transport.map((t) => t.id)).toEqual([companionJourney.id]);
    const noStay = back(removeStay(trip.stays[0]!.id, "Remove stay")).apply(later);
    expect(noStay.stays.map((s) => s.name)).toEqual(["Auberge de Bob"]);
  });

  it("edits a stay in place, and puts back one a companion removed (the edit was meant)", () => {
    const edited = { ...trip.stays[0]!, name: "Hôtel X (suite)" };
    const next = back(putStay(edited, "Edit stay")).apply(later);
    expect(next.stays.map((s) => s.name)).toEqual(["Hôtel X (suite)", "Auberge de Bob"]);
    const removedMeanwhile: EditableTrip = { ...later, stays: [companionStay] };
    expect(
      putStay(edited, "Edit stay")
        .apply(removedMeanwhile)
        .stays.map((s) => s.name),
    ).toEqual(["Auberge de Bob", "Hôtel X (suite)"]);
  });
});
