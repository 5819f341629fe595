import { DEFAULT_PARTY } from "#shared/schemas/trip-party.ts";
// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "#web/lib/router/location.tsx";
import { afterEach, describe, expect, it } from "vitest";
import { GROUNDING_OFF } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { TripEditorHeader } from "./trip-editor-header.tsx";

const activity = (n: number, cost: number | null) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  time: "10:00",
  activity: `Activity ${n}`,
  location: "Somewhere",
  description: "",
  cost,
  durationMinutes: 60,
  lat: null,
  lng: null,
  why: null,
  osmId: null,
  openingHours: null,
  website: null,
});

/** A comfort trip whose plan has activities and meals only: no lodging, no travel. */
const trip: Trip = {
  id: "00000000-0000-4000-8000-0000000000aa",
  name: "Paris",
  destination: "Paris",
  startDate: "2026-12-28",
  endDate: "2026-12-29",
  budget: 1500,
  travelStyle: "comfort",
  interests: [],
  party: DEFAULT_PARTY,
  itinerary: {
    days: [
      { date: "2026-12-28", activities: [activity(1, 120), activity(2, null)] },
      { date: "2026-12-29", activities: [activity(3, 131)] },
    ],
  },
  status: "generated",
  isPublic: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  version: 1,
  place: null,
  stops: [
    {
      id: "00000000-0000-4000-8000-0000000000f1",
      destination: "Paris",
      startDate: "2026-12-28",
      endDate: "2026-12-29",
      place: null,
    },
  ],
  transport: [],
  stays: [],
  grounding: GROUNDING_OFF,
  sharePath: null,
  settlementCurrency: "USD",
  travelMode: { maxWalkMinutes: 20, modes: ["walk", "transit"] },
  role: "owner",
  owner: { name: "Ada" },
};

afterEach(cleanup);

describe("TripEditorHeader", () => {
  it("says what the planned spending covers, next to what is left of the budget", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <TripEditorHeader trip={trip} onSaveFacts={() => undefined} onRename={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const spending = screen.getByText("Planned spending").nextElementSibling;
    expect(spending).toHaveTextContent("$251 ($1,249 under budget)");
    // "Under budget" alone reads as the whole trip's cost; the plan has no lodging or travel.
    expect(spending).toHaveTextContent("Covers activities and meals; no lodging or travel yet");
    expect(spending).toHaveTextContent("Not counted: 1 with unknown cost");
  });
});
