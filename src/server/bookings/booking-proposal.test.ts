import { describe, expect, it } from "vitest";
import type { Stay, Transport } from "#shared/schemas/trip-stops.ts";
import { emptyReading, type Reading } from "./booking-reading.ts";
import { parseBookingTime } from "./booking-time.ts";
import { settleTime, toProposal } from "./booking-proposal.ts";
import { microdataItems } from "./microdata.ts";
import { newTripFrame } from "./new-trip-frame.ts";

const time = (value: string) => {
  const parsed = parseBookingTime(value);
  if (!parsed) throw new Error(`not a time: ${value}`);
  return parsed;
};

const LYON = { names: ["Lyon"], zone: "Europe/Paris" };

describe("booking times", () => {
  it("an offset in Lyon gives the local wall-clock time and Europe/Paris", () => {
    expect(settleTime(time("2027-01-01T17:04:00+01:00"), "Lyon Part-Dieu", [LYON])).toEqual({
      local: "2027-01-01T17:04",
      zone: "Europe/Paris",
    });
  });

  it("UTC is moved to the matched stop's clock; a local time keeps its wall-clock", () => {
    expect(settleTime(time("2027-07-01T15:04:00Z"), "Gare de Lyon-Perrache", [LYON])).toEqual({
      local: "2027-07-01T17:04",
      zone: "Europe/Paris",
    });
    expect(settleTime(time("2027-07-01T17:04"), "Lyon", [LYON])).toEqual({
      local: "2027-07-01T17:04",
      zone: "Europe/Paris",
    });
    expect(settleTime(time("2027-07-01T17:04"), "Somewhere", [LYON])).toEqual({
      local: "2027-07-01T17:04",
      zone: null,
    });
    expect(settleTime(time("2027-07-01T17:04+05:30"), "Delhi", [])).toEqual({
      local: "2027-07-01T11:34",
      zone: "UTC",
    });
  });

  it("refuses what is not a time", () => {
    expect(parseBookingTime("tomorrow")).toBeNull();
    expect(parseBookingTime("2027-13-45T10:00")).toBeNull();
    expect(parseBookingTime("2027-01-02")).toMatchObject({
      local: "2027-01-02T00:00",
      dateOnly: true,
    });
  });
});

describe("microdata", () => {
  it("reads nested items, attribute values and text, ignoring scripts and comments", () => {
    const items =
      microdataItems(`<div itemscope itemtype="https://schema.org/FoodEstablishmentReservation">
      <!-- <span itemprop="partySize">99</span> -->
      <script>var x = "<span itemprop='partySize'>98</span>";</script>
      <span itemprop="partySize">4</span>
      <link itemprop="url" href="https://example.com/r/1">
      <div itemprop="reservationFor" itemscope itemtype="https://schema.org/FoodEstablishment">
        <span itemprop="name">Le <b>Bouchon</b> des Filles</span>
      </div>
      <time itemprop="startTime" datetime="2026-12-29T20:00:00+01:00">29 Dec</time>
    </div>`);
    expect(items).toEqual([
      {
        "@type": "FoodEstablishmentReservation",
        partySize: "4",
        url: "https://example.com/r/1",
        reservationFor: { "@type": "FoodEstablishment", name: "Le Bouchon des Filles" },
        startTime: "2026-12-29T20:00:00+01:00",
      },
    ]);
  });
});

const journey = (
  overrides: Partial<Reading["journeys"][number]> = {},
): Reading["journeys"][number] => ({
  mode: "train",
  from: "Lyon Part-Dieu",
  to: "Paris Gare de Lyon",
  depart: time("2027-01-01T17:04:00+01:00"),
  arrive: time("2027-01-01T19:01:00+01:00"),
  carrier: "SNCF",
  number: "6614",
  reference: "QXR7TT",
  notes: null,
  ...overrides,
});

describe("proposals against the trip", () => {
  const held: Transport = {
    id: "0b6a3c1e-8a59-4d1d-9d6c-0d9a2f2b8c11",
    mode: "train",
    from: "Lyon",
    to: "Paris",
    departAt: "2027-01-01T17:04",
    arriveAt: "2027-01-01T19:01",
    departZone: "Europe/Paris",
    arriveZone: "Europe/Paris",
    carrier: null,
    number: null,
    reference: "qxr7tt",
    notes: null,
  };
  const stay: Stay = {
    id: "5c0f3b4e-2f0b-4b8e-a1a4-5b8f7e9d2c33",
    stopIndex: 0,
    name: "Hôtel des Célestins",
    address: null,
    checkIn: "2026-12-28",
    checkOut: "2027-01-01",
    lat: null,
    lng: null,
    osmId: null,
    reference: null,
  };

  it("marks a journey held under the same reference, and a stay with the same name and dates", () => {
    const reading: Reading = {
      journeys: [
        journey(),
        journey({
          reference: "OTHER",
          depart: time("2027-01-05T08:00:00+01:00"),
          arrive: time("2027-01-05T10:00:00+01:00"),
        }),
      ],
      stays: [
        {
          name: "Hotel des Celestins",
          address: null,
          checkIn: "2026-12-28",
          checkOut: "2027-01-01",
          reference: null,
        },
      ],
      activities: [],
    };
    const proposal = toProposal(reading, [LYON], {
      transport: [held],
      stays: [stay],
      itinerary: null,
    });
    expect(proposal.transport.map((t) => [t.existing, t.duplicateOf])).toEqual([
      [true, held.id],
      [false, null],
    ]);
    expect(proposal.stays[0]).toMatchObject({ existing: true, duplicateOf: stay.id });
  });

  it("marks a journey with the same times and route even without a reference", () => {
    const reading = {
      ...emptyReading(),
      journeys: [journey({ reference: null, from: "Lyon", to: "Paris" })],
    };
    const proposal = toProposal(reading, [LYON], {
      transport: [{ ...held, reference: null }],
      stays: [],
      itinerary: null,
    });
    expect(proposal.transport[0]?.duplicateOf).toBe(held.id);
  });

  it("leaves out a journey that arrives before it departs", () => {
    const reading = {
      ...emptyReading(),
      journeys: [journey({ arrive: time("2027-01-01T15:00:00+01:00") })],
    };
    expect(toProposal(reading, [LYON], null).transport).toEqual([]);
  });
});

describe("a new trip's frame", () => {
  it("stops from arrivals and stays, dates from the first departure to the last arrival, home left out", () => {
    const proposal = toProposal(
      {
        journeys: [
          journey({
            mode: "flight",
            from: "London Heathrow (LHR)",
            to: "Lyon Saint-Exupéry Airport (LYS)",
            depart: time("2026-12-28T09:10:00+00:00"),
            arrive: time("2026-12-28T11:55:00+01:00"),
            reference: "F1",
          }),
          journey(),
          journey({
            mode: "flight",
            from: "Paris Charles de Gaulle (CDG)",
            to: "London Heathrow (LHR)",
            depart: time("2027-01-03T18:00:00+01:00"),
            arrive: time("2027-01-03T18:20:00+00:00"),
            reference: "F2",
          }),
        ],
        stays: [
          {
            name: "Hôtel des Célestins",
            address: "4 Rue des Archers, 69002 Lyon, FR",
            checkIn: "2026-12-28",
            checkOut: "2027-01-01",
            reference: null,
          },
        ],
        activities: [],
      },
      [LYON],
      null,
    );
    expect(newTripFrame(proposal)).toMatchObject({
      destination: "Lyon → Paris",
      startDate: "2026-12-28",
      endDate: "2027-01-03",
      stops: [
        { destination: "Lyon", nights: 4 },
        { destination: "Paris", nights: 2 },
      ],
    });
  });

  it.each([
    ["4 Rue des Archers, 69002 Lyon, FR", "Lyon"],
    ["4 Rue des Archers, Lyon", "Lyon"],
    ["4 Rue des Archers, Lyon, France", "Lyon"],
    ["Via Nazionale 1, 00184, Rome, Lazio, Italy", "Rome"],
    ["Via Nazionale 1, 00184 Roma, Italia", "Roma"],
    ["Kurfürstendamm 27, 10719 Berlin, Deutschland", "Berlin"],
    ["10 Downing St, London SW1A 2AA, United Kingdom", "London"],
    [null, "Hôtel de Lyon"],
  ])("a stay at %s is in %s", (address, town) => {
    const frame = newTripFrame(
      toProposal(
        {
          ...emptyReading(),
          stays: [
            {
              name: "Hôtel de Lyon",
              address,
              checkIn: "2027-03-01",
              checkOut: "2027-03-04",
              reference: null,
            },
          ],
        },
        [],
        null,
      ),
    );
    expect(frame?.stops).toEqual([{ destination: town, nights: 3 }]);
  });

  it("a stay alone makes a one-stop trip in its town", () => {
    const frame = newTripFrame(
      toProposal(
        {
          ...emptyReading(),
          stays: [
            {
              name: "Hotel Roma",
              address: "Via Nazionale 1, 00184 Rome, Italy",
              checkIn: "2027-03-01",
              checkOut: "2027-03-04",
              reference: null,
            },
          ],
        },
        [],
        null,
      ),
    );
    expect(frame).toMatchObject({
      destination: "Rome",
      startDate: "2027-03-01",
      endDate: "2027-03-04",
      stops: [{ destination: "Rome", nights: 3 }],
    });
  });
});
