// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNPLACED } from "#shared/place-fields.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import type { TripProposal } from "#shared/schemas/trip-edit.ts";
import { useRegisterOpenTrip, type OpenTrip } from "#web/lib/trip/open-trip.ts";
import { ChatProposal } from "./chat-proposal.tsx";

const TRIP = "8f0c7a52-3c1e-4a57-9a57-3f2b8d1e6a10";
const act = (n: number, name: string): Activity => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  time: "10:00",
  activity: name,
  location: "Centre",
  description: "",
  cost: 5,
  durationMinutes: 60,
  ...UNPLACED,
});
const proposal: TripProposal = {
  tripId: TRIP,
  version: 3,
  summary: "Move the museum to Tuesday.",
  days: [
    { date: "2027-05-03", activities: [act(1, "Castle")] },
    { date: "2027-05-04", activities: [act(3, "Market"), act(2, "Museum")] },
  ],
};
const days = [
  { date: "2027-05-03", activities: [act(1, "Castle"), act(2, "Museum")] },
  { date: "2027-05-04", activities: [act(3, "Market")] },
];

function OpenTripPage({ openTrip }: { openTrip: OpenTrip }) {
  useRegisterOpenTrip(openTrip);
  return null;
}

afterEach(cleanup);

describe("ChatProposal", () => {
  it("shows the difference and applies it through the open trip on Accept", async () => {
    const applyProposal = vi.fn<OpenTrip["applyProposal"]>().mockResolvedValue({ status: "saved" });
    const onSettled = vi.fn();
    render(
      <>
        <OpenTripPage openTrip={{ tripId: TRIP, version: 3, days, applyProposal }} />
        <ChatProposal proposal={proposal} state="open" onSettled={onSettled} />
      </>,
    );
    expect(screen.getByText("Move the museum to Tuesday.")).toBeInTheDocument();
    expect(screen.getByText("Day 1 · Mon, May 3")).toBeInTheDocument();
    expect(screen.getByText("Removed")).toBeInTheDocument();
    // Per day: the museum leaves Monday (removed) and arrives on Tuesday (added).
    expect(screen.getByText("Added")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(applyProposal).toHaveBeenCalledWith(proposal);
    expect(onSettled).toHaveBeenCalledWith("accepted");
  });

  it("says so when the trip moved on, and settles nothing", async () => {
    const applyProposal = vi.fn<OpenTrip["applyProposal"]>().mockResolvedValue({
      status: "conflict",
      message: "This trip was changed somewhere else. Nothing was overwritten.",
    });
    const onSettled = vi.fn();
    render(
      <>
        <OpenTripPage openTrip={{ tripId: TRIP, version: 4, days, applyProposal }} />
        <ChatProposal proposal={proposal} state="open" onSettled={onSettled} />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This trip was changed somewhere else",
    );
    expect(onSettled).not.toHaveBeenCalled();
  });

  it("cannot be accepted away from its trip; Discard still works", async () => {
    const onSettled = vi.fn();
    render(<ChatProposal proposal={proposal} state="open" onSettled={onSettled} />);
    expect(screen.getByText("Open this trip to apply the changes.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(onSettled).toHaveBeenCalledWith("discarded");
  });
});
