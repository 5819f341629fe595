// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import { StaysByStop, TripRoute, type JourneyView } from "./stops-overview.tsx";
import { TransferDayHeader } from "./transfer-day-header.tsx";

afterEach(cleanup);

const stops: TripStop[] = [
  {
    id: "00000000-0000-4000-8000-000000000001",
    destination: "Paris",
    startDate: "2026-12-28",
    endDate: "2026-12-30",
    place: {
      name: "Paris",
      country: "France",
      lat: 48.8566,
      lng: 2.3522,
      timezone: "Europe/Paris",
    },
  },
  {
    id: "00000000-0000-4000-8000-000000000002",
    destination: "Lyon",
    startDate: "2026-12-30",
    endDate: "2027-01-01",
    place: { name: "Lyon", country: "France", lat: 45.764, lng: 4.8357, timezone: "Europe/Paris" },
  },
];
const journey: JourneyView = {
  id: "00000000-0000-4000-8000-000000000003",
  mode: "train",
  from: "Paris",
  to: "Lyon",
  departAt: "2026-12-30T10:04",
  arriveAt: "2026-12-30T12:00",
  departZone: "Europe/Paris",
  arriveZone: "Europe/Paris",
  carrier: "SNCF",
  number: "TGV 6601",
  notes: null,
};

describe("a trip's stops as pages show them", () => {
  it("says the route with each city's nights", () => {
    render(<TripRoute stops={stops} />);
    expect(screen.getByText("Paris · 2 nights → Lyon · 2 nights")).toBeInTheDocument();
  });

  it("heads a transfer day with its cities and the journey in local times; nothing on other days", () => {
    const { rerender } = render(
      <TransferDayHeader
        day={{ date: "2026-12-30", stops: [0, 1], activities: [] }}
        stops={stops}
        transport={[journey]}
      />,
    );
    expect(screen.getByRole("heading", { name: "Paris → Lyon" })).toBeInTheDocument();
    expect(screen.getByText("Train from Paris to Lyon · SNCF TGV 6601")).toBeInTheDocument();
    expect(screen.getByText("Departs Wed, Dec 30 at 10:04 (Paris time)")).toBeInTheDocument();
    expect(screen.getByText("Arrives Wed, Dec 30 at 12:00 (Paris time)")).toBeInTheDocument();
    // Without a journey: the planner's allowance by distance, and what the page offers.
    rerender(
      <TransferDayHeader
        day={{ date: "2026-12-30", stops: [0, 1], activities: [] }}
        stops={stops}
        transport={[]}
        noJourney={<button type="button">Add how you get there</button>}
      />,
    );
    expect(screen.getByText("Allow about 5 h to get from Paris to Lyon")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add how you get there" })).toBeInTheDocument();
    rerender(
      <TransferDayHeader
        day={{ date: "2026-12-29", stops: [0], activities: [] }}
        stops={stops}
        transport={[journey]}
      />,
    );
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("shows the journeys of a day in one city: arriving on the first day, leaving on the last", () => {
    const flight = (at: string, from: string, to: string): JourneyView => ({
      ...journey,
      id: `00000000-0000-4000-8000-0000000000${at.slice(8, 10)}`,
      mode: "flight",
      from,
      to,
      carrier: null,
      number: null,
      departAt: `${at}T08:00`,
      arriveAt: `${at}T10:30`,
    });
    const inbound = flight("2026-12-28", "London", "Paris");
    const home = flight("2027-01-01", "Lyon", "London");
    const { rerender } = render(
      <TransferDayHeader
        day={{ date: "2026-12-28", stops: [0], activities: [] }}
        stops={stops}
        transport={[inbound, home]}
        noJourney={<button type="button">Add how you get there</button>}
      />,
    );
    expect(screen.getByRole("heading", { name: "Arriving in Paris" })).toBeInTheDocument();
    expect(screen.getByText("Flight from London to Paris")).toBeInTheDocument();
    expect(screen.queryByText("Flight from Lyon to London")).not.toBeInTheDocument();
    rerender(
      <TransferDayHeader
        day={{ date: "2027-01-01", stops: [1], activities: [] }}
        stops={stops}
        transport={[inbound, home]}
        noJourney={<button type="button">Add how you get there</button>}
      />,
    );
    expect(screen.getByRole("heading", { name: "Leaving Lyon" })).toBeInTheDocument();
    expect(screen.getByText("Flight from Lyon to London")).toBeInTheDocument();
    // A day in one city is not offered a journey it does not need.
    expect(screen.queryByRole("button", { name: "Add how you get there" })).not.toBeInTheDocument();
  });

  it("lists stays per city with check-in and check-out, read-only without actions", () => {
    render(
      <StaysByStop
        stops={stops}
        stays={[
          {
            id: "00000000-0000-4000-8000-000000000004",
            stopIndex: 1,
            name: "Hôtel des Célestins",
            address: "4 rue des Archers",
            checkIn: "2026-12-30",
            checkOut: "2027-01-01",
            lat: null,
            lng: null,
            osmId: null,
          },
        ]}
      />,
    );
    const lyon = screen.getByRole("list", { name: "Stays in Lyon" });
    expect(within(lyon).getByText("Hôtel des Célestins")).toBeInTheDocument();
    expect(
      within(lyon).getByText("Check-in Wed, Dec 30 · check-out Fri, Jan 1"),
    ).toBeInTheDocument();
    expect(screen.getByText("No stay added yet.")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByText(/Booking reference/)).not.toBeInTheDocument();
  });
});
