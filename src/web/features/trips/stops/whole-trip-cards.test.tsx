// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Stay, TripStop } from "#shared/schemas/trip-stops.ts";
import { SpendingSummary } from "#web/components/spending-breakdown.tsx";
import { StayAlternatives } from "../editor/stay-alternatives.tsx";
import { MealLabel } from "../components/meal-label.tsx";
import { JourneyCard, StaysByStop, type JourneyView } from "./stops-overview.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lisbon: TripStop = {
  id: "00000000-0000-4000-8000-000000000001",
  destination: "Lisbon",
  startDate: "2027-05-03",
  endDate: "2027-05-05",
  place: null,
};

const flightOut: JourneyView = {
  id: "00000000-0000-4000-8000-000000000002",
  mode: "flight",
  from: "Boston",
  to: "Lisbon",
  departAt: "2027-05-02T18:00",
  arriveAt: "2027-05-03T06:20",
  departZone: "America/New_York",
  arriveZone: "Europe/Lisbon",
  carrier: "TAP",
  number: "TP 218",
  notes: null,
  totalPrice: { amount: 4960, currency: "USD" },
  durationMinutes: 440,
  planned: true,
  estimated: true,
};

const plannedStay: Stay = {
  id: "00000000-0000-4000-8000-000000000003",
  stopIndex: 0,
  name: "Casa do Alfama",
  address: "Rua dos Remédios 10",
  checkIn: "2027-05-03",
  checkOut: "2027-05-05",
  lat: null,
  lng: null,
  osmId: null,
  reference: null,
  kind: "entire-home",
  nights: 2,
  rooms: 2,
  pricePerNight: 180,
  totalPrice: { amount: 360, currency: "USD" },
  why: "allows pets; entire home",
  planned: true,
  estimated: true,
};

describe("the whole trip's cards (issue 47)", () => {
  it("a planned journey says its length, the party's price, planned and estimated", () => {
    render(<JourneyCard journey={flightOut} travellers={4} />);
    const card = screen.getByTestId("journey-card");
    expect(card).toHaveTextContent("Flight from Boston to Lisbon · TAP TP 218");
    expect(card).toHaveTextContent("7 h 20 min · $4,960 for 4 travellers");
    expect(card).toHaveTextContent("Planned, not booked");
    expect(card).toHaveTextContent("Estimated");
  });

  it("a booked journey without a plan's fields reads as before", () => {
    const booked: JourneyView = {
      ...flightOut,
      totalPrice: undefined,
      durationMinutes: undefined,
      planned: undefined,
      estimated: undefined,
    };
    render(<JourneyCard journey={booked} travellers={4} />);
    const card = screen.getByTestId("journey-card");
    expect(card).not.toHaveTextContent("Planned");
    expect(card).not.toHaveTextContent("Estimated");
    expect(card).not.toHaveTextContent("travellers");
  });

  it("a stay card shows its kind, a night's price and the total, nights, rooms and why", () => {
    render(<StaysByStop stops={[lisbon]} stays={[plannedStay]} />);
    const card = within(screen.getByRole("list", { name: "Stays in Lisbon" })).getByTestId(
      "stay-card",
    );
    expect(card).toHaveTextContent("Entire home");
    expect(card).toHaveTextContent("$180 a night · $360 total");
    expect(card).toHaveTextContent("2 nights · 2 rooms");
    expect(card).toHaveTextContent("Why: allows pets; entire home");
    expect(card).toHaveTextContent("Planned, not booked");
    expect(card).toHaveTextContent("Estimated");
  });

  it("a booked stay in euros shows its own total", () => {
    const booked: Stay = {
      ...plannedStay,
      kind: undefined,
      nights: undefined,
      rooms: undefined,
      pricePerNight: undefined,
      why: undefined,
      planned: undefined,
      estimated: undefined,
      totalPrice: { amount: 782.4, currency: "EUR" },
    };
    render(<StaysByStop stops={[lisbon]} stays={[booked]} />);
    const card = screen.getByTestId("stay-card");
    expect(card).toHaveTextContent("€782 total");
    expect(card).toHaveTextContent("2 nights");
    expect(card).not.toHaveTextContent("Estimated");
  });

  it("a meal names its cuisine", () => {
    render(<MealLabel activity={{ meal: "dinner", cuisine: "Italian" }} />);
    expect(screen.getByText("Dinner · Italian")).toBeInTheDocument();
  });

  it("the spending summary lists the parts and says which are estimates", () => {
    render(
      <SpendingSummary
        travellers={4}
        spending={{
          journeys: 2420,
          stays: 720,
          meals: 480,
          activities: 160,
          estimatedParts: ["journeys", "stays"],
        }}
      />,
    );
    expect(screen.getByText("For 4 travellers:")).toBeVisible();
    const parts = screen.getByRole("list", { name: "Breakdown" });
    expect(parts).toHaveTextContent("Journeys $2,420 (estimated)");
    expect(parts).toHaveTextContent("Stays $720 (estimated)");
    expect(parts).toHaveTextContent("Meals $480");
    expect(parts).not.toHaveTextContent("Meals $480 (estimated)");
    expect(parts).not.toHaveTextContent("Activities $160 (estimated)");
  });

  it("Replace lists the route's candidates and chooses one in the stay's place", async () => {
    const candidate = {
      stopIndex: 0,
      name: "Hotel Chiado",
      address: null,
      checkIn: "2027-05-03",
      checkOut: "2027-05-05",
      kind: "hotel",
      nights: 2,
      rooms: 2,
      pricePerNight: 150,
      why: "allows pets",
      planned: true,
      estimated: true,
    };
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url === `/api/trips/t1/stays/${plannedStay.id}/alternatives`
          ? Response.json({ stays: [candidate, { ...candidate, name: "Lapa" }] })
          : Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const onChoose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StayAlternatives tripId="t1" stay={plannedStay} onChoose={onChoose} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const choices = await screen.findAllByTestId("stay-alternative");
    expect(choices).toHaveLength(2);
    expect(choices[0]).toHaveTextContent("$150 a night · $300 total");
    await userEvent.setup().click(screen.getByRole("button", { name: "Choose Hotel Chiado" }));
    expect(onChoose).toHaveBeenCalledWith(
      expect.objectContaining({
        id: plannedStay.id,
        stopIndex: 0,
        name: "Hotel Chiado",
        kind: "hotel",
        pricePerNight: 150,
        totalPrice: undefined,
        address: null,
      }),
    );
  });
});
